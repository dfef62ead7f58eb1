import { weekStart, type WeeklyCharges, type WeeklySum } from '../../../server/db/weekly.ts';

export { weekStart };

function weeksUpTo(now: Date, weeks: number): string[] {
  const current = weekStart(now);
  return Array.from({ length: weeks }, (_, i) => {
    const start = new Date(current);
    start.setUTCDate(start.getUTCDate() - 7 * (weeks - 1 - i));
    return start.toISOString().slice(0, 10);
  });
}

/** The sums by week; two sources of the same week (e.g. two kinds of refund) add up. */
function byWeek(sums: WeeklySum[]): Map<string, WeeklySum> {
  const weeks = new Map<string, WeeklySum>();
  for (const s of sums) {
    const seen = weeks.get(s.week);
    weeks.set(
      s.week,
      seen ? { ...s, count: seen.count + s.count, cents: seen.cents + s.cents } : s,
    );
  }
  return weeks;
}

export type WeekRevenue = {
  weekStart: string;
  /** What was charged: first payments and plan invoices (renewals, switches), tax included. */
  grossCents: number;
  taxCents: number;
  /** Refunds made this week, by the refund's own date, whichever week the payment was. */
  refundedCents: number;
  /** Net revenue: gross − tax − refunds; a payment of unknown tax counts as if it had none. */
  netCents: number;
  orders: number;
  renewals: number;
  /** Payments of the week whose tax is unknown (stored before the provider's breakdown). */
  taxUnknown: number;
};

type RevenueSums = { orders: WeeklyCharges[]; renewals: WeeklyCharges[]; refunds: WeeklySum[] };

function chargesByWeek(sums: WeeklyCharges[]): Map<string, WeeklyCharges> {
  const weeks = new Map<string, WeeklyCharges>();
  for (const s of sums) {
    const seen = weeks.get(s.week);
    weeks.set(
      s.week,
      seen
        ? {
            week: s.week,
            count: seen.count + s.count,
            cents: seen.cents + s.cents,
            taxCents: seen.taxCents + s.taxCents,
            taxUnknown: seen.taxUnknown + s.taxUnknown,
          }
        : s,
    );
  }
  return weeks;
}

export function revenueByWeek(sums: RevenueSums, now: Date, weeks = 12): WeekRevenue[] {
  const orders = chargesByWeek(sums.orders);
  const renewals = chargesByWeek(sums.renewals);
  const refunds = byWeek(sums.refunds);
  return weeksUpTo(now, weeks).map((week) => {
    const o = orders.get(week);
    const r = renewals.get(week);
    const grossCents = (o?.cents ?? 0) + (r?.cents ?? 0);
    const taxCents = (o?.taxCents ?? 0) + (r?.taxCents ?? 0);
    const refundedCents = refunds.get(week)?.cents ?? 0;
    return {
      weekStart: week,
      grossCents,
      taxCents,
      refundedCents,
      netCents: grossCents - taxCents - refundedCents,
      orders: o?.count ?? 0,
      renewals: r?.count ?? 0,
      taxUnknown: (o?.taxUnknown ?? 0) + (r?.taxUnknown ?? 0),
    };
  });
}

export function revenueTotals(weeks: WeekRevenue[]) {
  const sum = (key: 'grossCents' | 'taxCents' | 'refundedCents' | 'netCents' | 'taxUnknown') =>
    weeks.reduce((s, w) => s + w[key], 0);
  return {
    grossCents: sum('grossCents'),
    taxCents: sum('taxCents'),
    refundedCents: sum('refundedCents'),
    netCents: sum('netCents'),
    taxUnknown: sum('taxUnknown'),
  };
}

export type WeekLeads = { weekStart: string; contactMessages: number; meetingRequests: number };

type LeadSums = { contactMessages: WeeklySum[]; meetingRequests: WeeklySum[] };

export function leadsByWeek(sums: LeadSums, now: Date, weeks = 12): WeekLeads[] {
  const contact = byWeek(sums.contactMessages);
  const meetings = byWeek(sums.meetingRequests);
  return weeksUpTo(now, weeks).map((week) => ({
    weekStart: week,
    contactMessages: contact.get(week)?.count ?? 0,
    meetingRequests: meetings.get(week)?.count ?? 0,
  }));
}

export type WeekRecovery = {
  weekStart: string;
  abandoned: number;
  remindersSent: number;
  /** Reminders the rules allowed but the site's daily cap held back (none was queued). */
  remindersCapped: number;
  recoveredOrders: number;
  recoveredCents: number;
};

type RecoverySums = {
  abandoned: WeeklySum[];
  remindersSent: WeeklySum[];
  remindersCapped: WeeklySum[];
  recovered: WeeklySum[];
};

export function recoveryByWeek(sums: RecoverySums, now: Date, weeks = 12): WeekRecovery[] {
  const abandoned = byWeek(sums.abandoned);
  const reminded = byWeek(sums.remindersSent);
  const capped = byWeek(sums.remindersCapped);
  const recovered = byWeek(sums.recovered);
  return weeksUpTo(now, weeks).map((week) => ({
    weekStart: week,
    abandoned: abandoned.get(week)?.count ?? 0,
    remindersSent: reminded.get(week)?.count ?? 0,
    remindersCapped: capped.get(week)?.count ?? 0,
    recoveredOrders: recovered.get(week)?.count ?? 0,
    recoveredCents: recovered.get(week)?.cents ?? 0,
  }));
}
