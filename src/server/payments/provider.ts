/**
 * The payment provider interface. Checkout talks to Stripe in production and to the
 * simulated provider locally and in tests; everything after "create a session" and
 * "what is the state of this session" is shared code (fulfilment, orders, e-mails).
 */
import type { ChargeBreakdown } from '../../lib/charge.ts';
import type { CheckoutMode, CheckoutSession, PricedLine } from '../db/schema.ts';

export type {
  ChargeBreakdown,
  ChargeDiscount,
  ChargeInvoice,
  ChargeTax,
} from '../../lib/charge.ts';

export type ProviderName = 'stripe' | 'simulated';

/** Stripe metadata values hold at most 500 characters. */
const PLAN_LABEL_LIMIT = 500;

export const CYCLE_NAMES = { oneTime: 'one-time', monthly: 'monthly', yearly: 'yearly' } as const;

/** "Lily AI Customer Service Agent (monthly)", the recurring lines joined, within 500 chars. */
export function planLabel(
  lines: readonly Pick<PricedLine, 'name' | 'quantity' | 'billingCycle'>[],
): string {
  const label = lines
    .filter((l) => l.billingCycle !== 'oneTime')
    .map(
      (l) => `${l.name}${l.quantity > 1 ? ` ×${l.quantity}` : ''} (${CYCLE_NAMES[l.billingCycle]})`,
    )
    .join(', ');
  return label.length > PLAN_LABEL_LIMIT ? `${label.slice(0, PLAN_LABEL_LIMIT - 1)}…` : label;
}

export type CreateCheckoutInput = {
  lines: PricedLine[];
  mode: CheckoutMode;
  amountTotalCents: number;
  /** Success URL containing the literal {CHECKOUT_SESSION_ID} placeholder. */
  successUrl: string;
  cancelUrl: string;
  /** Sent as the provider's idempotency key, so a retried request creates one session. */
  idempotencyKey: string;
  /** The provider customer of a proven client, reused so all their plans share one account. */
  customerId?: string | undefined;
};

export type CreatedCheckout = { id: string; url: string };

/** A provider's view of a checkout session, reduced to what fulfilment needs. */
export type ProviderSession = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerEmail: string | null;
  customerName: string | null;
  paymentIntentId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  amountTotalCents: number | null;
  /**
   * What the provider charged, as it computed it (Stripe's `amount_subtotal`, `total_details`,
   * `amount_total`, discounts, taxes, invoice); null when the object carries no amounts.
   */
  charge?: ChargeBreakdown | null;
  /**
   * The object left out what only an expanded read gives (a promotion code's text, a tax
   * rate, the invoice's number and links): a webhook payload, which fulfilment then reads in
   * full once.
   */
  chargeIncomplete?: boolean;
  /** The buyer's answer to the promotional e-mail checkbox, when the provider asked. */
  promotionsConsent?: 'opt_in' | 'opt_out' | null;
  /** An expired session's recovery link (it opens a new session with the same contents). */
  recoveryUrl?: string | null;
  /** A session opened by a recovery link: the expired session it copies. */
  recoveredFrom?: string | null;
};

/** The buyer's promotional e-mail checkbox on the provider's page (Stripe's wording). */
export const PROMOTIONS_CONSENT_LABEL = 'Keep me updated with news and personalized offers';

/** A promotion code the provider's payment page refuses (Stripe Checkout's wording). */
export const PROMOTION_CODE_INVALID = 'This code is invalid.';

/** What the site stored about a session when it was created (and, when simulated, paid). */
export type StoredCheckout = Pick<
  CheckoutSession,
  | 'id'
  | 'provider'
  | 'mode'
  | 'status'
  | 'customerEmail'
  | 'customerName'
  | 'paymentIntentId'
  | 'amountTotalCents'
  | 'lines'
  | 'currency'
  | 'promotionCode'
>;

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout>;
  /**
   * The session's current state, or null when the provider does not know it. The stored row
   * is passed in: Stripe asks its API by id, the simulated provider reads the row itself (its
   * payment page writes its state there), so no provider needs the database.
   */
  retrieveSession(stored: StoredCheckout): Promise<ProviderSession | null>;
}
