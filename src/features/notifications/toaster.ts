/**
 * The notification area's behaviour: renders the current $notification into the polite or
 * assertive live region of Toaster.astro and dismisses it after its duration. No React.
 */
import { $notification, dismiss, type Notification } from './notifications';

function render(region: HTMLElement, n: Notification) {
  const card = document.createElement('div');
  card.className = `toast toast--${n.variant}`;
  card.dataset.testid = 'toast';
  const text = document.createElement('div');
  const title = document.createElement('p');
  title.className = 'toast__title';
  title.textContent = n.title;
  text.append(title);
  if (n.description) {
    const desc = document.createElement('p');
    desc.className = 'toast__description';
    desc.textContent = n.description;
    text.append(desc);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast__close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  close.addEventListener('click', () => dismiss(n.id));
  card.append(text, close);
  region.replaceChildren(card);
}

export function mountToaster() {
  const polite = document.querySelector<HTMLElement>('[data-toast-polite]');
  const assertive = document.querySelector<HTMLElement>('[data-toast-assertive]');
  let timer: ReturnType<typeof setTimeout> | undefined;

  // An atom hands a new subscriber its current value, so a notice raised before this ran
  // (an early Add to Cart) still shows.
  $notification.subscribe((n) => {
    clearTimeout(timer);
    polite?.replaceChildren();
    assertive?.replaceChildren();
    if (!n) return;
    const region = n.variant === 'destructive' ? assertive : polite;
    if (region) render(region, n);
    timer = setTimeout(() => dismiss(n.id), n.durationMs);
  });
}
