// Dollars are written without Intl: the first Intl.NumberFormat loads ICU's locale data, 137 ms of
// /checkout's start-up on a slow phone. Like ICU, rounds the shortest decimal form (String()), ties
// away from zero; toFixed would round the binary value (999999.995 → "999999.99").
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

export function formatCents(cents: number, currency = 'usd'): string {
  const code = currency.toUpperCase();
  if (code !== 'USD') {
    return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: code });
  }
  return usdText(cents / 100, 2);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function formatUsd(amount: number): string {
  return usdText(amount, 2);
}

export function formatUsdWhole(amount: number): string {
  return usdText(amount, Number.isInteger(amount) ? 0 : 2);
}
