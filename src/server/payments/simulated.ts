// Its "hosted page" is /pay/simulated, and its state is the checkout_sessions row itself.
import { createHash, randomBytes } from 'node:crypto';
import { chargeFor, type ChargeBreakdown, type PercentPromotion } from '../../lib/charge.ts';
import type {
  CreateCheckoutInput,
  CreatedCheckout,
  PaymentProvider,
  ProviderSession,
  StoredCheckout,
} from './provider.ts';

const SIMULATED_PAY_PATH = '/pay/simulated';

export function simulatedId(prefix: 'cs' | 'pi' | 'cus' | 'sub'): string {
  return `sim_${prefix}_${randomBytes(18).toString('base64url')}`;
}

// Once per buyer address, like a Stripe coupon of duration "once": renewals are charged in full.
const SIMULATED_PROMOTIONS: Readonly<Record<string, { percentOff: number }>> = {
  SAVE10: { percentOff: 10 },
};

export function simulatedPromotion(typed: string): PercentPromotion | null {
  const code = typed.trim().toUpperCase();
  const promotion = Object.hasOwn(SIMULATED_PROMOTIONS, code)
    ? SIMULATED_PROMOTIONS[code]
    : undefined;
  return promotion
    ? { code, promotionCodeId: `sim_promo_${code}`, percentOff: promotion.percentOff }
    : null;
}

export function simulatedInvoiceId(sessionId: string): string {
  return `sim_in_${sessionId.slice(7)}`;
}

type ChargedRow = Pick<StoredCheckout, 'id' | 'mode' | 'lines' | 'currency' | 'promotionCode'>;

export function simulatedCharge(row: ChargedRow, taxRatePercent: number): ChargeBreakdown {
  const promotion = row.promotionCode ? simulatedPromotion(row.promotionCode) : null;
  return chargeFor({
    currency: row.currency,
    subtotalCents: row.lines.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0),
    promotion,
    tax: { ratePercent: taxRatePercent },
    invoice:
      row.mode === 'subscription'
        ? { id: simulatedInvoiceId(row.id), number: null, hostedUrl: null, pdfUrl: null }
        : null,
  });
}

function simulatedSubscriptionId(sessionId: string): string {
  return `sim_sub_${sessionId.slice(7)}`;
}

export class SimulatedProvider implements PaymentProvider {
  readonly name = 'simulated' as const;

  private readonly taxRatePercent: number;
  constructor(taxRatePercent = 0) {
    this.taxRatePercent = taxRatePercent;
  }

  async createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout> {
    // Like Stripe, the same idempotency key answers the same session.
    const id = `sim_cs_${createHash('sha256').update(input.idempotencyKey).digest('base64url').slice(0, 24)}`;
    const url = new URL(SIMULATED_PAY_PATH, input.successUrl);
    url.searchParams.set('session', id);
    return { id, url: url.toString() };
  }

  async retrieveSession(row: StoredCheckout): Promise<ProviderSession | null> {
    if (row.provider !== 'simulated') return null;
    if (row.status === 'complete') return paidSession(row, row, this.taxRatePercent);
    return {
      ...paidSession(row, row, this.taxRatePercent),
      status: row.status === 'canceled' || row.status === 'expired' ? 'expired' : 'open',
      paymentStatus: 'unpaid',
      subscriptionId: null,
    };
  }
}

// Recorded with the order in one transaction, so a session is never complete without its order.
export function simulatedPayment(
  row: StoredCheckout,
  payer: { customerName: string; customerEmail: string },
  taxRatePercent: number,
): ProviderSession {
  return paidSession(row, { ...payer, paymentIntentId: simulatedId('pi') }, taxRatePercent);
}

function paidSession(
  row: StoredCheckout,
  payer: Pick<StoredCheckout, 'customerName' | 'customerEmail' | 'paymentIntentId'>,
  taxRatePercent: number,
): ProviderSession {
  const charge = simulatedCharge(row, taxRatePercent);
  return {
    id: row.id,
    status: 'complete',
    paymentStatus: 'paid',
    customerEmail: payer.customerEmail,
    customerName: payer.customerName,
    paymentIntentId: payer.paymentIntentId,
    subscriptionId: row.mode === 'subscription' ? simulatedSubscriptionId(row.id) : null,
    customerId: null,
    amountTotalCents: charge.totalCents,
    charge,
  };
}
