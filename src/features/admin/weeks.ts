/**
 * The overview's figures per week (oldest first, current week last, zero-filled): revenue from
 * first payments, renewals and refunds, and leads from contact messages and meeting requests.
 * The database groups the rows by week (src/server/db/weekly.ts); this lays them on the weeks.
 */
import { weekStart, type WeeklySum } from '../../server/db/weekly.ts';

export { weekStart };

/** Mondays (YYYY-MM-DD) of the `weeks` weeks up to the one containing `now`, oldest first. */
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
  /** Net: first payments and renewals, less refunds. */
  cents: number;
  orders: number;
  renewals: number;
  refundedCents: number;
};

type RevenueSums = { orders: WeeklySum[]; renewals: WeeklySum[]; refunds: WeeklySum[] };

export function revenueByWeek(sums: RevenueSums, now: Date, weeks = 12): WeekRevenue[] {
  const orders = byWeek(sums.orders);
  const renewals = byWeek(sums.renewals);
  const refunds = byWeek(sums.refunds);
  return weeksUpTo(now, weeks).map((week) => {
    const o = orders.get(week);
    const r = renewals.get(week);
    const refundedCents = refunds.get(week)?.cents ?? 0;
    return {
      weekStart: week,
      cents: (o?.cents ?? 0) + (r?.cents ?? 0) - refundedCents,
      orders: o?.count ?? 0,
      renewals: r?.count ?? 0,
      refundedCents,
    };
  });
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

/** Checkout recovery per week: what was abandoned, reminded, and won back. */
export type WeekRecovery = {
  weekStart: string;
  /** Checkout sessions the provider let expire unpaid. */
  abandoned: number;
  /** Reminder e-mails that went out. */
  remindersSent: number;
  /** Reminders the rules allowed but the site's daily cap held back (none was queued). */
  remindersCapped: number;
  /** Orders paid through a recovery link, and what they brought. */
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
