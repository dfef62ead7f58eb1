import type { Db } from '../../../server/db/client.ts';
import { outboxCounts } from '../../../server/mail/outbox.ts';
import { countClientOnboardingSubmissions } from '../../client-onboarding/client-onboarding.server.ts';
import { contactMessageCounts, contactMessagesByWeek } from '../../contact/contact.server.ts';
import { meetingRequestCounts, meetingRequestsByWeek } from '../../meeting/meeting.server.ts';
import { onboardingFormCounts } from '../../order-onboarding/order-onboarding.server.ts';
import { expiredSessionsByWeek } from '../../checkout/checkout.server.ts';
import {
  orderTotals,
  paidOrdersByWeek,
  paymentsWithRefundRows,
  recoveredOrdersByWeek,
  refundsByWeek,
  unlistedOrderRefundsByWeek,
} from '../../orders/orders.server.ts';
import { cappedRemindersByWeek, remindersSentByWeek } from '../../recovery/recovery.server.ts';
import { lastPrivacyRun, type PrivacyRunSummary } from '../../privacy/privacy.server.ts';
import {
  renewalsByWeek,
  subscriptionStats,
  unlistedRenewalRefundsByWeek,
  type SubscriptionStats,
} from '../../subscriptions/subscriptions.server.ts';
import {
  leadsByWeek,
  recoveryByWeek,
  revenueByWeek,
  weekStart,
  type WeekLeads,
  type WeekRecovery,
  type WeekRevenue,
} from './weeks.ts';

const OVERVIEW_WEEKS = 12;

export type Overview = {
  orders: { total: number; paid: number; test: number; revenueCents: number };
  contactMessages: { total: number; new: number };
  meetingRequests: { total: number; awaitingAnswer: number; confirmed: number };
  onboarding: { orderForms: number; completed: number; clientSubmissions: number };
  outbox: { pending: number; failed: number; sent: number };
  subscriptions: SubscriptionStats;
  /** Gross, tax, refunds and net revenue per week (docs/accounting.md). */
  revenueByWeek: WeekRevenue[];
  leadsByWeek: WeekLeads[];
  recoveryByWeek: WeekRecovery[];
  /** The latest run of the retention rules (null before the first). */
  privacy: PrivacyRunSummary | null;
};

export async function getOverview(db: Db, now = new Date()): Promise<Overview> {
  const since = weekStart(now);
  since.setUTCDate(since.getUTCDate() - 7 * (OVERVIEW_WEEKS - 1));
  const [
    orders,
    contactMessages,
    meetingRequests,
    forms,
    clientSubmissions,
    outbox,
    subscriptions,
    privacy,
    [paid, renewals, refunds, orderRefunds, renewalRefunds, contactWeeks, meetingWeeks],
    [abandoned, remindersSent, remindersCapped, recovered],
  ] = await Promise.all([
    orderTotals(db),
    contactMessageCounts(db),
    meetingRequestCounts(db),
    onboardingFormCounts(db),
    countClientOnboardingSubmissions(db),
    outboxCounts(db),
    subscriptionStats(db),
    lastPrivacyRun(db),
    Promise.all([
      paidOrdersByWeek(db, since),
      renewalsByWeek(db, since),
      refundsByWeek(db, since),
      unlistedOrderRefundsByWeek(db, since, paymentsWithRefundRows(db)),
      unlistedRenewalRefundsByWeek(db, since, paymentsWithRefundRows(db)),
      contactMessagesByWeek(db, since),
      meetingRequestsByWeek(db, since),
    ]),
    Promise.all([
      expiredSessionsByWeek(db, since),
      remindersSentByWeek(db, since),
      cappedRemindersByWeek(db, since),
      recoveredOrdersByWeek(db, since),
    ]),
  ]);
  return {
    orders,
    contactMessages,
    meetingRequests,
    onboarding: { ...forms, clientSubmissions },
    outbox,
    subscriptions,
    revenueByWeek: revenueByWeek(
      { orders: paid, renewals, refunds: [...refunds, ...orderRefunds, ...renewalRefunds] },
      now,
      OVERVIEW_WEEKS,
    ),
    leadsByWeek: leadsByWeek(
      { contactMessages: contactWeeks, meetingRequests: meetingWeeks },
      now,
      OVERVIEW_WEEKS,
    ),
    recoveryByWeek: recoveryByWeek(
      { abandoned, remindersSent, remindersCapped, recovered },
      now,
      OVERVIEW_WEEKS,
    ),
    privacy,
  };
}
