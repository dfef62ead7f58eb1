/** The overview's revenue per week (oldest first), from paid orders' amounts and dates. */

/** Monday 00:00 UTC of the week containing `date`. */
export function weekStart(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

export type WeekRevenue = { weekStart: string; cents: number; orders: number };

/** Revenue of the last `weeks` weeks (oldest first, current week last), zero-filled. */
export function revenueByWeek(
  orders: { amount: number; createdAt: Date }[],
  now: Date,
  weeks = 12,
): WeekRevenue[] {
  const current = weekStart(now);
  const buckets: WeekRevenue[] = [];
  for (let i = weeks - 1; i >= 0; i--) {
    const start = new Date(current);
    start.setUTCDate(start.getUTCDate() - 7 * i);
    buckets.push({ weekStart: start.toISOString().slice(0, 10), cents: 0, orders: 0 });
  }
  const index = new Map(buckets.map((b, i) => [b.weekStart, i]));
  for (const o of orders) {
    const i = index.get(weekStart(o.createdAt).toISOString().slice(0, 10));
    if (i === undefined) continue;
    buckets[i]!.cents += o.amount;
    buckets[i]!.orders += 1;
  }
  return buckets;
}
