/**
 * The panel's first screen: what needs attention, and revenue per week. Each figure comes
 * from the owner of its table.
 */
import type { Db } from '../../server/db/client.ts';
import { outboxCounts } from '../../server/mail/outbox.ts';
import { countClientOnboardingSubmissions } from '../client-onboarding/client-onboarding.server.ts';
import { contactMessageCounts } from '../contact/contact.server.ts';
import { meetingRequestCounts } from '../meeting/meeting.server.ts';
import { onboardingFormCounts } from '../onboarding/onboarding.server.ts';
import { orderTotals, paidOrdersSince } from '../orders/orders.server.ts';
import { revenueByWeek, weekStart, type WeekRevenue } from './revenue.ts';

export const OVERVIEW_WEEKS = 12;

export type Overview = {
  orders: { total: number; paid: number; test: number; revenueCents: number };
  contactMessages: { total: number; new: number };
  meetingRequests: { total: number; awaitingAnswer: number; confirmed: number };
  onboarding: { orderForms: number; completed: number; clientSubmissions: number };
  outbox: { pending: number; failed: number; sent: number };
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
  const recent = await paidOrdersSince(db, since);
  return {
    orders,
    contactMessages,
    meetingRequests,
    onboarding: { ...forms, clientSubmissions },
    outbox,
    revenueByWeek: revenueByWeek(recent, now, OVERVIEW_WEEKS),
  };
}
