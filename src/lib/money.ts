/**
 * Dollar formatting for every page and feature, free of the catalogue (and its zod schemas) so
 * that scripts and islands that only show amounts (the cart, the success page, the landing
 * calculator) do not load zod. The formatters are built on first use: constructing an Intl.NumberFormat loads
 * locale data, which would otherwise run in every page's start-up task.
 */
let usd: Intl.NumberFormat | undefined;
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
