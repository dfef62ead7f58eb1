/**
 * Client dashboard: the shapes the island reads from /api/dashboard and the sign-in form's
 * schema. Browser-safe: no server imports here.
 */
import type { OnboardingStatus } from '../onboarding/onboarding';

export type DashboardOrder = {
  id: number;
  orderNumber: string;
  productId: string;
  productName: string;
  amountCents: number;
  status: 'pending' | 'paid' | 'completed' | 'failed' | 'refunded';
  mode: 'payment' | 'subscription';
  createdAt: string;
  items: { name: string; billingCycle: 'oneTime' | 'monthly' | 'yearly'; quantity: number }[];
  onboarding: { status: OnboardingStatus; stepsSaved: number; totalSteps: number; path: string };
};

/** GET /api/dashboard → the signed-in client's own view (`SIGNED_OUT` without a session). */
export type DashboardView = {
  /** `id`: the client this browser acts for (CRM link), null when it may not. */
  client: { id: number | null; name: string; email: string };
  /**
   * True after a sign-in link proved the address: every order of the client. False: only the
   * orders paid for in this browser, until the buyer confirms the address.
   */
  wholeAccount: boolean;
  orders: DashboardOrder[];
  billing: {
    /** The client has a subscription whose billing can be managed. */
    hasSubscription: boolean;
    /** Payments are simulated here, so there is no Stripe Billing Portal to open. */
    simulated: boolean;
  };
};

/** GET /api/dashboard without a client session. */
export const SIGNED_OUT = { client: null } as const;
export type DashboardResponse = DashboardView | typeof SIGNED_OUT;

/** Spec features list of the marketing platform. */
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
