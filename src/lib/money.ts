/**
 * Dollar formatting for every page and feature, free of the catalogue (and its zod schemas) so
 * that scripts and islands that only show amounts (the cart, the success page, the landing
 * calculator) do not load zod. The formatters are built on first use: constructing an Intl.NumberFormat loads
 * locale data, which would otherwise run in every page's start-up task.
 */
let usd: Intl.NumberFormat | undefined;
const byCurrency = new Map<string, Intl.NumberFormat>();

/**
 * $1,000.00 from 100000: every amount the server stores or answers is in cents (Stripe's unit),
 * so views format cents and never divide by 100 themselves.
 */
export function formatCents(cents: number, currency = 'usd'): string {
  const code = currency.toUpperCase();
  let format = byCurrency.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    byCurrency.set(code, format);
  }
  return format.format(cents / 100);
}

/** Dollars for the spec's payloads that carry them (an order's `amount`, an item's `price`). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Whole cents from a catalogue price in dollars (the catalogue and the cart keep the spec's dollars). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

let usdWhole: Intl.NumberFormat | undefined;

/** $1,000.00 — US dollars, en-US format. */
export function formatUsd(amount: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(amount);
}

/** $1,000 — for marketing prices that are whole dollars. */
export function formatUsdWhole(amount: number): string {
  if (!Number.isInteger(amount)) return formatUsd(amount);
  usdWhole ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  return usdWhole.format(amount);
}
