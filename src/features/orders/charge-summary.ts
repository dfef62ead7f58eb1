// Browser-safe and pure, so the receipt PDF, e-mail, success page, dashboard and admin all say
// the same thing with the same labels.
import { addsUp, percentLabel, type ChargeTax } from '../../lib/charge';
import { CYCLE_LABEL, type BillingCycle } from '../catalogue/catalogue';
import { knownBreakdown, type OrderCharge, type PaymentRefund } from './orders';

export type SummaryLine = {
  name: string;
  billingCycle: BillingCycle;
  unitAmountCents: number;
  quantity: number;
};

export type SummaryRowKind =
  'line' | 'subtotal' | 'discount' | 'tax' | 'total' | 'refund' | 'remaining';

/** One row: what it is, its words, and its amount in cents (negative for what comes off). */
export type SummaryRow = { kind: SummaryRowKind; label: string; cents: number };

export const TOTAL_LABEL = 'Total paid';
export const UNPAID_TOTAL_LABEL = 'Total';
export const REMAINING_LABEL = 'Remaining after refunds';

export function lineLabel(line: SummaryLine): string {
  return `${line.quantity} x ${line.name} (${CYCLE_LABEL[line.billingCycle]})`;
}

export function taxLabel(tax: ChargeTax): string {
  const details = [
    tax.jurisdiction,
    tax.ratePercent === null ? null : percentLabel(tax.ratePercent),
  ].filter((d): d is string => !!d);
  const name = tax.displayName?.trim() || 'Tax';
  return details.length ? `${name} (${details.join(', ')})` : name;
}

/** "December 2, 2026": a refund's day, the same wherever the reader is. */
export function refundDate(at: string | Date): string {
  return new Date(at).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

// Subtotal, discounts and taxes only when the provider said all of them and they make its total;
// otherwise the total alone (never a made-up zero). An older refund total without rows is one row.
export function chargeSummary(
  charge: OrderCharge,
  lines: readonly SummaryLine[],
  refunds: readonly PaymentRefund[] = [],
  { paid = true }: { paid?: boolean } = {},
): SummaryRow[] {
  const rows: SummaryRow[] = lines.map((line) => ({
    kind: 'line',
    label: lineLabel(line),
    cents: line.unitAmountCents * line.quantity,
  }));
  const breakdown = knownBreakdown(charge);
  if (breakdown && addsUp(breakdown)) {
    rows.push({ kind: 'subtotal', label: 'Subtotal', cents: breakdown.subtotalCents });
    for (const d of breakdown.discounts) {
      if (d.amountCents === 0) continue;
      const label = d.code ? `Discount (${d.code})` : 'Discount';
      rows.push({ kind: 'discount', label, cents: -d.amountCents });
    }
    for (const t of breakdown.taxes) {
      if (t.amountCents === 0) continue;
      rows.push({ kind: 'tax', label: taxLabel(t), cents: t.amountCents });
    }
  }
  rows.push({
    kind: 'total',
    label: paid ? TOTAL_LABEL : UNPAID_TOTAL_LABEL,
    cents: charge.totalCents,
  });
  const refunded = Math.max(
    charge.refundedCents,
    refunds.reduce((sum, r) => sum + r.amountCents, 0),
  );
  if (refunded <= 0) return rows;
  let listed = 0;
  for (const r of refunds) {
    if (r.amountCents <= 0) continue;
    listed += r.amountCents;
    rows.push({
      kind: 'refund',
      label: `Refunded on ${refundDate(r.refundedAt)}`,
      cents: -r.amountCents,
    });
  }
  if (refunded > listed) rows.push({ kind: 'refund', label: 'Refunded', cents: listed - refunded });
  rows.push({ kind: 'remaining', label: REMAINING_LABEL, cents: charge.totalCents - refunded });
  return rows;
}
