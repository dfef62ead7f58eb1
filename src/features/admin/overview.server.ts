/**
 * The panel's first screen: what needs attention, subscriptions, and revenue per week (first
 * payments, renewals, refunds). Each figure comes from the owner of its table.
 */
import type { Db } from '../../server/db/client.ts';
import { outboxCounts } from '../../server/mail/outbox.ts';
import { countClientOnboardingSubmissions } from '../client-onboarding/client-onboarding.server.ts';
import { contactMessageCounts } from '../contact/contact.server.ts';
import { meetingRequestCounts } from '../meeting/meeting.server.ts';
import { onboardingFormCounts } from '../onboarding/onboarding.server.ts';
import { orderRefundsSince, orderTotals, paidOrdersSince } from '../orders/orders.server.ts';
import {
  renewalRefundsSince,
  renewalsSince,
  subscriptionStats,
  type SubscriptionStats,
} from '../subscriptions/subscriptions.server.ts';
import { revenueByWeek, weekStart, type RevenueEntry, type WeekRevenue } from './revenue.ts';

export const OVERVIEW_WEEKS = 12;

export type Overview = {
  orders: { total: number; paid: number; test: number; revenueCents: number };
  contactMessages: { total: number; new: number };
  meetingRequests: { total: number; awaitingAnswer: number; confirmed: number };
  onboarding: { orderForms: number; completed: number; clientSubmissions: number };
  outbox: { pending: number; failed: number; sent: number };
  subscriptions: SubscriptionStats;
  revenueByWeek: WeekRevenue[];
};

export async function getOverview(db: Db, now = new Date()): Promise<Overview> {
  const since = weekStart(now);
  since.setUTCDate(since.getUTCDate() - 7 * (OVERVIEW_WEEKS - 1));
  const orders = await orderTotals(db);
  const contactMessages = await contactMessageCounts(db);
  const meetingRequests = await meetingRequestCounts(db);
  const forms = await onboardingFormCounts(db);
  const clientSubmissions = await countClientOnboardingSubmissions(db);
  const outbox = await outboxCounts(db);
  const entries: RevenueEntry[] = [
    ...(await paidOrdersSince(db, since)).map((o) => ({
      kind: 'order' as const,
      cents: o.amount,
      at: o.createdAt,
    })),
    ...(await renewalsSince(db, since)).map((r) => ({
      kind: 'renewal' as const,
      cents: r.amountCents,
      at: r.paidAt,
    })),
    ...[...(await orderRefundsSince(db, since)), ...(await renewalRefundsSince(db, since))].map(
      (r) => ({ kind: 'refund' as const, cents: r.refundedCents, at: r.refundedAt }),
    ),
  ];
  return {
    orders,
    contactMessages,
    meetingRequests,
    onboarding: { ...forms, clientSubmissions },
    outbox,
    subscriptions: await subscriptionStats(db),
    revenueByWeek: revenueByWeek(entries, now, OVERVIEW_WEEKS),
  };
}
