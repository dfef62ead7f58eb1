import type { OnboardingStatus } from '../order-onboarding/order-onboarding';
import type { OrderCharge, PaymentRefund } from '../orders/orders';
import type { SimulatedAction, SimulatedBillingAction } from '../subscriptions/subscriptions';
import type { PrivacyRequestKind } from './dashboard-texts';

export type { SimulatedAction, SimulatedBillingAction };
export * from './dashboard-texts';

export type DashboardOrder = {
  id: number;
  orderNumber: string;
  productId: string;
  productName: string;
  amountCents: number;
  status: 'pending' | 'paid' | 'completed' | 'failed' | 'refunded';
  mode: 'payment' | 'subscription';
  createdAt: string;
  items: {
    name: string;
    billingCycle: 'oneTime' | 'monthly' | 'yearly';
    quantity: number;
    unitAmountCents: number;
  }[];
  charge: OrderCharge;
  refunds: PaymentRefund[];
  onboarding: { status: OnboardingStatus; stepsSaved: number; totalSteps: number; path: string };
  simulatedActions: SimulatedAction[];
};

/** One plan of the client as the dashboard shows it (dates as ISO strings). */
export type DashboardSubscription = {
  id: number;
  /** The order that started the plan (the simulated lifecycle acts through it). */
  orderId: number;
  plan: string;
  status: 'active' | 'past due' | 'canceling' | 'canceled';
  interval: 'month' | 'year';
  amountCents: number;
  /** The end of the paid period: the next renewal, or until when a canceling plan stays on. */
  currentPeriodEnd: string | null;
  endedAt: string | null;
  orderNumber: string;
  lastPayment: {
    amountCents: number;
    paidAt: string;
    refundedCents: number;
    charge: OrderCharge;
    refunds: PaymentRefund[];
  } | null;
  simulatedActions: SimulatedAction[];
};

/** GET /api/dashboard → the signed-in client's own view (`SIGNED_OUT` without a session). */
export type DashboardView = {
  /** `id`: the client this browser acts for (CRM link), null when it may not. */
  client: { id: number | null; name: string; email: string };
  /** False: only the orders paid for in this browser, until a sign-in link proves the address. */
  wholeAccount: boolean;
  orders: DashboardOrder[];
  subscriptions: DashboardSubscription[];
  billing: {
    hasSubscription: boolean;
    /** Payments are simulated here, so there is no Stripe Billing Portal to open. */
    simulated: boolean;
  };
};

export type PrivacyRequestView = {
  id: number;
  kind: PrivacyRequestKind;
  requestedAt: string;
  /** The team answers by then (30 days after the request). */
  dueAt: string;
  completedAt: string | null;
  /** A completed export: GET /api/privacy/export works until then. Null otherwise. */
  downloadUntil: string | null;
};

export type PrivacyRequestsResponse = { requests: PrivacyRequestView[] };
/** POST /api/privacy/requests: the request (`created: false`: one of the kind was open). */
export type PrivacyRequestAnswer = { request: PrivacyRequestView; created: boolean };

export const SIGNED_OUT = { client: null } as const;
export type DashboardResponse = DashboardView | typeof SIGNED_OUT;

export const MARKETING_FEATURES = [
  {
    title: 'Campaign management',
    text: 'Plan, launch and track every marketing campaign in one place.',
  },
  { title: 'CRM', text: 'Keep every lead, customer and conversation organised.' },
  {
    title: 'Email and SMS campaigns',
    text: 'Reach customers with automated email and text messages.',
  },
  { title: 'Analytics', text: 'See which channels bring leads and revenue.' },
  { title: 'Automated workflows', text: 'Follow up with leads and customers automatically.' },
] as const;

const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { ...LONG_DATE, timeZone: 'UTC' });
}

export function subscriptionTerms(s: DashboardSubscription, format: (cents: number) => string) {
  const per = s.interval === 'year' ? 'year' : 'month';
  const end = s.currentPeriodEnd ? longDate(s.currentPeriodEnd) : null;
  switch (s.status) {
    case 'canceled':
      return s.endedAt ? `Canceled. It ended on ${longDate(s.endedAt)}.` : 'Canceled.';
    case 'canceling':
      return end
        ? `Canceled: stays active until ${end} and will not renew.`
        : 'Canceled: will not renew.';
    case 'past due':
      return `The last renewal payment failed. Update your payment method under "Manage billing" to keep the plan (${format(s.amountCents)} per ${per}).`;
    default:
      return end
        ? `Renews on ${end} for ${format(s.amountCents)} per ${per}.`
        : `${format(s.amountCents)} per ${per}.`;
  }
}

export function lastPaymentLine(s: DashboardSubscription, format: (cents: number) => string) {
  const p = s.lastPayment;
  if (!p) return null;
  const refund =
    p.refundedCents >= p.amountCents
      ? ' (refunded)'
      : p.refundedCents > 0
        ? ` (refunded ${format(p.refundedCents)})`
        : '';
  return `Last payment ${format(p.amountCents)} on ${longDate(p.paidAt)}${refund}`;
}
