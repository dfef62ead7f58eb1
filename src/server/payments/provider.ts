import type { ChargeBreakdown } from '../../lib/charge.ts';
import type { CheckoutMode, CheckoutSession, PricedLine } from '../db/schema.ts';

export type {
  ChargeBreakdown,
  ChargeDiscount,
  ChargeInvoice,
  ChargeTax,
} from '../../lib/charge.ts';

export type ProviderName = 'stripe' | 'simulated';

// Stripe metadata values hold at most 500 characters.
const PLAN_LABEL_LIMIT = 500;

export const CYCLE_NAMES = { oneTime: 'one-time', monthly: 'monthly', yearly: 'yearly' } as const;

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
  /** Contains the literal {CHECKOUT_SESSION_ID} placeholder. */
  successUrl: string;
  cancelUrl: string;
  /** So a retried request creates one session. */
  idempotencyKey: string;
  customerId?: string | undefined;
};

export type CreatedCheckout = { id: string; url: string };

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
  charge?: ChargeBreakdown | null;
  /** Only an expanded read gives the rest: fulfilment then reads the session in full once. */
  chargeIncomplete?: boolean;
  promotionsConsent?: 'opt_in' | 'opt_out' | null;
  recoveryUrl?: string | null;
  recoveredFrom?: string | null;
};

export const PROMOTIONS_CONSENT_LABEL = 'Keep me updated with news and personalized offers';

export const PROMOTION_CODE_INVALID = 'This code is invalid.';

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
  /** Null when the provider does not know it; the simulated provider reads the row itself. */
  retrieveSession(stored: StoredCheckout): Promise<ProviderSession | null>;
}
