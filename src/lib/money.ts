/**
 * Dollar formatting for every page and feature, free of the catalogue (and its zod schemas) so
 * that scripts and islands that only show amounts (the cart, the success page, the landing
 * calculator) do not load zod.
 *
 * US dollars are written without Intl: the first Intl.NumberFormat a page builds loads ICU's
 * locale data, which measured 137 ms of /checkout's start-up on a 4× slower phone (its largest
 * single cost, more than React's hydration). {@link usdText} writes exactly what
 * `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes (money.test.ts
 * compares the two); other currencies still go through Intl.
 */

/**
 * "$1,234.50" / "-$0.50" / "$1,235": en-US dollars with `digits` decimals. ICU rounds the
 * number's shortest decimal form (what String() writes), ties away from zero; toFixed would
 * round the binary value instead (999999.995 → "999999.99" where Intl writes "1,000,000.00").
 * Past 1e13 (never a price here) the scaled digits would outgrow exact integers: Intl does it.
 */
function usdText(amount: number, digits: 0 | 2): string {
  const abs = Math.abs(amount);
  if (!(abs < 1e13)) {
    return amount.toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: digits,
    });
  }
  // Below 1e-6 String() writes an exponent; such an amount is $0.00 anyway.
  const [whole = '0', fraction = ''] = (abs < 1e-6 ? '0' : String(abs)).split('.');
  const scaled =
    Number(whole + fraction.padEnd(digits, '0').slice(0, digits)) +
    ((fraction[digits] ?? '0') >= '5' ? 1 : 0);
  const text = String(scaled).padStart(digits + 1, '0');
  const cut = text.length - digits;
  // Intl keeps the sign of a negative amount that rounds to zero, and of -0.
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  const grouped = text.slice(0, cut).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${grouped}${digits ? `.${text.slice(cut)}` : ''}`;
}

/**
 * $1,000.00 from 100000: every amount the server stores or answers is in cents (Stripe's unit),
 * so views format cents and never divide by 100 themselves.
 */
export function formatCents(cents: number, currency = 'usd'): string {
  const code = currency.toUpperCase();
  // Every price here is in dollars; another currency (only ever from Stripe's own data) is rare
  // enough to build its formatter each time.
  if (code !== 'USD') {
    return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: code });
  }
  return usdText(cents / 100, 2);
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
  return usdText(amount, Number.isInteger(amount) ? 0 : 2);
}
