import type { Db } from '../../server/db/client.ts';
import { failedInvoices, subscriptionsIn } from './subscription-records.server.ts';
import { monthlyCents } from './subscriptions.ts';

export * from './subscriptions.ts';
export type { Subscription, SubscriptionPayment } from '../../server/db/schema.ts';
export * from './billing-events.server.ts';
export { simulateBilling, startSimulatedSubscription } from './simulated-billing.server.ts';
export { plansServingSince, subscriptionsByProviderIds } from './subscription-records.server.ts';
export { renewalsByWeek, unlistedRenewalRefundsByWeek } from './subscription-payments.server.ts';

type FailedPayment = {
  invoiceId: string;
  plan: string;
  amountCents: number;
  attempts: number;
  failedAt: string;
};

export type SubscriptionStats = {
  /** Active or trialing, canceling ones included until they end. */
  active: number;
  pastDue: number;
  canceling: number;
  /** Monthly recurring revenue of every plan that still bills (yearly as a twelfth). */
  mrrCents: number;
  failedPayments: FailedPayment[];
};

const BILLING_STATUSES = ['active', 'trialing', 'past_due', 'unpaid'] as const;

export async function subscriptionStats(db: Db, failedLimit = 10): Promise<SubscriptionStats> {
  const live = await subscriptionsIn(db, BILLING_STATUSES);
  const failed = await failedInvoices(db, failedLimit);
  return {
    active: live.filter((s) => s.status === 'active' || s.status === 'trialing').length,
    pastDue: live.filter((s) => s.status === 'past_due' || s.status === 'unpaid').length,
    canceling: live.filter((s) => s.cancelAtPeriodEnd).length,
    mrrCents: live.reduce((sum, s) => sum + monthlyCents(s), 0),
    failedPayments: failed.map(({ payment, plan }) => ({
      invoiceId: payment.providerInvoiceId,
      plan: plan ?? 'Unknown plan',
      amountCents: payment.amountCents,
      attempts: payment.attempts,
      failedAt: (payment.failedAt ?? payment.createdAt).toISOString(),
    })),
  };
}
