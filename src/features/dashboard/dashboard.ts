/**
 * Client dashboard: the shapes the island reads from /api/dashboard and the sign-in form's
 * schema. Browser-safe: no server imports here.
 */
import { z } from '../../lib/zod';
import type { OnboardingStatus } from '../onboarding/onboarding';

export type DashboardOrder = {
  id: number;
  orderNumber: string;
  productId: string;
  productName: string;
  /** Total in USD. */
  amount: number;
  status: 'pending' | 'paid' | 'completed' | 'failed' | 'refunded';
  mode: 'payment' | 'subscription';
  createdAt: string;
  items: { name: string; billingCycle: 'oneTime' | 'monthly' | 'yearly'; quantity: number }[];
  onboarding: { status: OnboardingStatus; stepsSaved: number; path: string };
};

/** GET /api/dashboard → the signed-in client's own view (`SIGNED_OUT` without a session). */
export type DashboardView = {
  client: { id: number; name: string; email: string };
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

export const signInRequestSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
});

export const STATUS_ERROR = 'Unable to verify your GoHighLevel account status.';
export const DASHBOARD_ERROR =
  'Unable to access your GoHighLevel dashboard. Please try again later.';

export const SIGN_IN_SENT =
  'If we have an order for that address, a sign-in link is on its way. It works once and expires in 30 minutes.';

export const MAGIC_LINK_INVALID =
  'This sign-in link is invalid, used or expired. Please request a new one below.';

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
