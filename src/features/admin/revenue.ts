/** The overview's revenue per week (oldest first): first payments, renewals and refunds. */

/** Monday 00:00 UTC of the week containing `date`. */
export function weekStart(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

export type WeekRevenue = {
  weekStart: string;
  /** Net: first payments and renewals, less refunds. */
  cents: number;
  orders: number;
  renewals: number;
  refundedCents: number;
};

/** One movement of money: an order's first payment, a renewal, or a refund (positive cents). */
export type RevenueEntry = { kind: 'order' | 'renewal' | 'refund'; cents: number; at: Date };

/** Revenue of the last `weeks` weeks (oldest first, current week last), zero-filled. */
export function revenueByWeek(entries: RevenueEntry[], now: Date, weeks = 12): WeekRevenue[] {
  const current = weekStart(now);
  const buckets: WeekRevenue[] = [];
  for (let i = weeks - 1; i >= 0; i--) {
    const start = new Date(current);
    start.setUTCDate(start.getUTCDate() - 7 * i);
    buckets.push({
      weekStart: start.toISOString().slice(0, 10),
      cents: 0,
      orders: 0,
      renewals: 0,
      refundedCents: 0,
    });
  }
  const index = new Map(buckets.map((b, i) => [b.weekStart, i]));
  for (const e of entries) {
    const i = index.get(weekStart(e.at).toISOString().slice(0, 10));
    if (i === undefined) continue;
    const bucket = buckets[i]!;
    if (e.kind === 'refund') {
      bucket.cents -= e.cents;
      bucket.refundedCents += e.cents;
    } else {
      bucket.cents += e.cents;
      if (e.kind === 'order') bucket.orders += 1;
      else bucket.renewals += 1;
    }
  }
  return buckets;
}
