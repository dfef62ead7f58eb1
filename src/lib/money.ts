/**
 * Dollar formatting for every page and feature, free of the catalogue (and its zod schemas) so
 * that scripts and islands that only show amounts (the cart, the success page, the landing
 * calculator) do not load zod.
 *
 * US dollars are written without Intl: the first Intl.NumberFormat a page builds loads ICU's
 * locale data, which measured 137 ms of /checkout's start-up on a 4× slower phone (its largest
 * single cost, more than React's hydration). {@link usdText} writes exactly what
 * `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes (money.test.ts
 * compares the two); other currencies still go through Intl, built on first use.
 */
const byCurrency = new Map<string, Intl.NumberFormat>();

/** Outside these, String() writes an exponent: Intl writes those (never a price here). */
const PLAIN_DIGITS_LIMIT = 1e15;
const PLAIN_DIGITS_FLOOR = 1e-6;

/**
 * "1234.5" rounded to `fractionDigits` as ICU rounds: on the number's shortest decimal form
 * (what String() writes), ties away from zero. Not toFixed, which rounds the exact binary
 * value (999999.995 → "999999.99" where Intl writes "1,000,000.00").
 */
function roundedDigits(abs: number, fractionDigits: 0 | 2): { whole: string; fraction: string } {
  if (abs < PLAIN_DIGITS_FLOOR) return { whole: '0', fraction: '0'.repeat(fractionDigits) };
  const [whole = '0', fraction = ''] = String(abs).split('.');
  const kept = BigInt(whole + fraction.padEnd(fractionDigits, '0').slice(0, fractionDigits));
  const scaled = (fraction[fractionDigits] ?? '0') >= '5' ? kept + 1n : kept;
  const digits = scaled.toString().padStart(fractionDigits + 1, '0');
  return {
    whole: digits.slice(0, digits.length - fractionDigits),
    fraction: digits.slice(digits.length - fractionDigits),
  };
}

/** "$1,234.50" / "-$0.50" / "$1,235": en-US dollars with `fractionDigits` decimals. */
function usdText(amount: number, fractionDigits: 0 | 2): string {
  if (!Number.isFinite(amount) || Math.abs(amount) >= PLAIN_DIGITS_LIMIT) {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: fractionDigits,
    }).format(amount);
  }
  const { whole, fraction } = roundedDigits(Math.abs(amount), fractionDigits);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  // Intl keeps the sign of a negative amount that rounds to zero, and of -0.
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * $1,000.00 from 100000: every amount the server stores or answers is in cents (Stripe's unit),
 * so views format cents and never divide by 100 themselves.
 */
export function formatCents(cents: number, currency = 'usd'): string {
  const code = currency.toUpperCase();
  if (code === 'USD') return usdText(cents / 100, 2);
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

/** $1,000.00 — US dollars, en-US format. */
export function formatUsd(amount: number): string {
  return usdText(amount, 2);
}

/** $1,000 — for marketing prices that are whole dollars. */
export function formatUsdWhole(amount: number): string {
  return Number.isInteger(amount) ? usdText(amount, 0) : usdText(amount, 2);
}
