// Loaded on the slider's first use (LandingPricing.astro): the page ships none of it before interaction.
import { enterpriseQuote, formatWholeUsd, propertiesLabel } from './pricing';

const summaryTimers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

export function updateCalculator(calc: HTMLElement, range: HTMLInputElement): void {
  const set = (key: string, text: string) => {
    const el = calc.querySelector<HTMLElement>(`[data-calc-${key}]`);
    if (el) el.textContent = text;
  };
  const q = enterpriseQuote(Number(range.value));
  const perProperty = formatWholeUsd(q.perProperty);
  const total = formatWholeUsd(q.total);
  range.setAttribute('aria-valuetext', `${propertiesLabel(q.properties)} properties`);
  set('count', propertiesLabel(q.properties));
  set('discount', `${q.discountPercent}%`);
  set('per-property', perProperty);
  set('total', total);
  // Announce the result once the slider settles, not on every step while dragging.
  clearTimeout(summaryTimers.get(calc));
  summaryTimers.set(
    calc,
    setTimeout(
      () =>
        set(
          'summary',
          `${propertiesLabel(q.properties)} properties: ${q.discountPercent}% volume discount, ${perProperty} per property, ${total} per month in total.`,
        ),
      600,
    ),
  );
}
