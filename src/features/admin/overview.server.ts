/** The panel's first screen: what needs attention, and revenue per week. */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import {
  clientOnboardingSubmissions,
  contactMessages,
  emailOutbox,
  meetingRequests,
  onboardingForms,
  orders,
} from '../../server/db/schema.ts';
import { REVENUE_STATUSES, revenueByWeek, weekStart, type WeekRevenue } from './admin.ts';
import { countAll } from './list.server.ts';

export const OVERVIEW_WEEKS = 12;

export type Overview = {
  orders: { total: number; paid: number; test: number; revenueCents: number };
  contactMessages: { total: number; new: number };
  meetingRequests: { total: number; awaitingAnswer: number; confirmed: number };
  onboarding: { orderForms: number; completed: number; clientSubmissions: number };
  outbox: { pending: number; failed: number; sent: number };
  revenueByWeek: WeekRevenue[];
};

const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})::int`;

export async function getOverview(db: Db, now = new Date()): Promise<Overview> {
  const paid = inArray(orders.status, [...REVENUE_STATUSES]);
  const [o] = await db
    .select({
      total: countAll,
      paid: countWhere(sql`${paid}`),
      test: countWhere(sql`${orders.isTest}`),
      revenueCents: sql<number>`coalesce(sum(${orders.amount}) filter (where ${paid}), 0)::float8`,
    })
    .from(orders);
  const [c] = await db
    .select({ total: countAll, new: countWhere(sql`${contactMessages.status} = 'new'`) })
    .from(contactMessages);
  const [m] = await db
    .select({
      total: countAll,
      awaitingAnswer: countWhere(sql`${meetingRequests.status} = 'requested'`),
      confirmed: countWhere(sql`${meetingRequests.status} = 'confirmed'`),
    })
    .from(meetingRequests);
  const [f] = await db
    .select({ orderForms: countAll, completed: countWhere(sql`${onboardingForms.completed}`) })
    .from(onboardingForms);
  const [s] = await db.select({ total: countAll }).from(clientOnboardingSubmissions);
  const [e] = await db
    .select({
      pending: countWhere(sql`${emailOutbox.status} = 'pending'`),
      failed: countWhere(sql`${emailOutbox.status} = 'failed'`),
      sent: countWhere(sql`${emailOutbox.status} = 'sent'`),
    })
    .from(emailOutbox);

  const since = weekStart(now);
  since.setUTCDate(since.getUTCDate() - 7 * (OVERVIEW_WEEKS - 1));
  const recent = await db
    .select({ amount: orders.amount, createdAt: orders.createdAt })
    .from(orders)
    .where(and(paid, gte(orders.createdAt, since), eq(orders.currency, 'usd')));

  return {
    orders: { total: o!.total, paid: o!.paid, test: o!.test, revenueCents: o!.revenueCents },
    contactMessages: { total: c!.total, new: c!.new },
    meetingRequests: {
      total: m!.total,
      awaitingAnswer: m!.awaitingAnswer,
      confirmed: m!.confirmed,
    },
    onboarding: { orderForms: f!.orderForms, completed: f!.completed, clientSubmissions: s!.total },
    outbox: { pending: e!.pending, failed: e!.failed, sent: e!.sent },
    revenueByWeek: revenueByWeek(recent, now, OVERVIEW_WEEKS),
  };
}
