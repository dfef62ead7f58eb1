import type { BillingCycle, ItemType } from '../catalogue/catalogue';
import type { ChargeBreakdown, ChargeDiscount, ChargeInvoice, ChargeTax } from '../../lib/charge';
import { centsToDollars, formatUsdWhole } from '../../lib/money';
import type { Order } from '../../server/db/schema.ts';

export type OrderStatus = 'pending' | 'paid' | 'completed' | 'failed' | 'refunded';

/** One purchased line; `id` is the order item's id (used by /api/download/{id}). */
export type OrderItemView = {
  id: number;
  productId: string;
  name: string;
  type: ItemType;
  billingCycle: BillingCycle;
  price: number;
  quantity: number;
  onboardingPath: string;
};

/** As charged: subtotal − discount + tax = total; a part never given (older orders) is null. */
export type OrderCharge = {
  currency: string;
  subtotalCents: number | null;
  discountCents: number | null;
  discounts: ChargeDiscount[] | null;
  taxCents: number | null;
  taxes: ChargeTax[] | null;
  totalCents: number;
  /** Refunded so far of the order's own payment (its refunds are rows of their own). */
  refundedCents: number;
  invoice: ChargeInvoice | null;
};

type ChargedOrder = Pick<
  Order,
  | 'currency'
  | 'amount'
  | 'subtotalCents'
  | 'discountCents'
  | 'discounts'
  | 'taxCents'
  | 'taxes'
  | 'refundedCents'
  | 'invoiceId'
  | 'invoiceNumber'
  | 'invoiceHostedUrl'
  | 'invoicePdfUrl'
>;

export function orderCharge(order: ChargedOrder): OrderCharge {
  return {
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    discounts: order.discounts,
    taxCents: order.taxCents,
    taxes: order.taxes,
    totalCents: order.amount,
    refundedCents: order.refundedCents,
    invoice: order.invoiceId
      ? {
          id: order.invoiceId,
          number: order.invoiceNumber,
          hostedUrl: order.invoiceHostedUrl,
          pdfUrl: order.invoicePdfUrl,
        }
      : null,
  };
}

/** One refund of a payment as documents show it; a failed or canceled one is never listed. */
export type PaymentRefund = { amountCents: number; refundedAt: string };

export function chargeColumns(charge: ChargeBreakdown) {
  return {
    currency: charge.currency,
    subtotalCents: charge.subtotalCents,
    discountCents: charge.discountCents,
    discounts: charge.discounts,
    taxCents: charge.taxCents,
    taxes: charge.taxes,
    invoiceId: charge.invoice?.id ?? null,
    invoiceNumber: charge.invoice?.number ?? null,
    invoiceHostedUrl: charge.invoice?.hostedUrl ?? null,
    invoicePdfUrl: charge.invoice?.pdfUrl ?? null,
  } satisfies Partial<Order>;
}

export function knownBreakdown(charge: OrderCharge): ChargeBreakdown | null {
  const { subtotalCents, discountCents, discounts, taxCents, taxes } = charge;
  if (
    subtotalCents === null ||
    discountCents === null ||
    discounts === null ||
    taxCents === null ||
    taxes === null
  )
    return null;
  return {
    currency: charge.currency,
    subtotalCents,
    discountCents,
    discounts,
    taxCents,
    taxes,
    totalCents: charge.totalCents,
    invoice: charge.invoice,
  };
}

/** GET /api/orders/{paymentIntentId} → { order } (amount in USD). */
export type OrderView = {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  amount: number;
  currency: string;
  customerName: string;
  customerEmail: string;
  createdAt: string;
  paymentIntentId: string;
  items: OrderItemView[];
  /** What was charged, in cents; a public view carries no invoice (its pages name the buyer). */
  charge: OrderCharge;
  refunds: PaymentRefund[];
  /** `public`: anyone else holding the link, who sees no name, e-mail, downloads or setup. */
  access: 'buyer' | 'public';
};

type MetadataItem = {
  id: string;
  name: string;
  type: ItemType;
  billingCycle: BillingCycle;
  price: number;
  quantity: number;
};

export function metadataItems(
  lines: readonly (Omit<MetadataItem, 'price'> & { unitAmountCents: number })[],
): MetadataItem[] {
  return lines.map((l) => ({
    id: l.id,
    name: l.name,
    type: l.type,
    billingCycle: l.billingCycle,
    price: centsToDollars(l.unitAmountCents),
    quantity: l.quantity,
  }));
}

export type CheckoutSessionView = {
  session: {
    id: string;
    status: 'open' | 'complete' | 'expired';
    payment_status: 'paid' | 'unpaid' | 'no_payment_required';
    mode: 'payment' | 'subscription';
    /** Cents, as Stripe's Checkout Session: before discounts and tax; null when unknown. */
    amount_subtotal: number | null;
    total_details: { amount_discount: number; amount_tax: number } | null;
    amount_total: number;
    currency: string;
    customer_details: { name: string | null; email: string | null };
    metadata: { items: string };
    payment_intent: string | null;
  };
  order: OrderView | null;
};

const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Payment Processing',
  paid: 'Completed',
  completed: 'Completed',
  failed: 'Payment Failed',
  refunded: 'Refunded',
};

/** Spec: the payment page shows "completed" for a paid session. */
export function orderStatusLabel(status: OrderStatus): string {
  return STATUS_LABEL[status];
}

/** Order statuses that count as money received. */
export const REVENUE_STATUSES = ['paid', 'completed'] as const satisfies OrderStatus[];

/** Status only moves forward: pending → paid | failed. A late or repeated event never undoes it. */
export function canMoveForward(from: OrderStatus, to: OrderStatus): boolean {
  return from === 'pending' && (to === 'paid' || to === 'failed');
}

export function isSettled(status: OrderStatus): boolean {
  return status === 'paid' || status === 'completed';
}

export function wasPaid(status: string): boolean {
  return status === 'paid' || status === 'completed' || status === 'refunded';
}

export function linePriceLabel(
  item: Pick<OrderItemView, 'price' | 'quantity' | 'billingCycle'>,
): string {
  const total = formatUsdWhole(item.price * item.quantity);
  if (item.billingCycle === 'oneTime') return `${total} one-time`;
  return `${total}/${item.billingCycle === 'monthly' ? 'month' : 'year'}`;
}

type PaymentRefs = {
  isTest: boolean;
  checkoutSessionId: string;
  stripePaymentIntentId: string;
  stripeSubscriptionId?: string | null;
};

/** Test mode: `cs_test_...` session ids; simulated: flagged, or `sim_` ids. */
export function paymentKind(order: PaymentRefs): 'live' | 'stripe-test' | 'simulated' {
  if (
    order.isTest ||
    !order.checkoutSessionId.startsWith('cs_') ||
    order.stripePaymentIntentId.startsWith('sim_')
  ) {
    return 'simulated';
  }
  return order.checkoutSessionId.startsWith('cs_test_') ? 'stripe-test' : 'live';
}

export const PAYMENT_KIND_LABEL = {
  live: 'Live payment',
  'stripe-test': 'Stripe test mode',
  simulated: 'Simulated payment',
} as const;

export function stripeDashboardUrl(order: PaymentRefs): string | null {
  if (paymentKind(order) !== 'live') return null;
  if (/^pi_[A-Za-z0-9]+$/.test(order.stripePaymentIntentId)) {
    return `https://dashboard.stripe.com/payments/${order.stripePaymentIntentId}`;
  }
  if (order.stripeSubscriptionId && /^sub_[A-Za-z0-9]+$/.test(order.stripeSubscriptionId)) {
    return `https://dashboard.stripe.com/subscriptions/${order.stripeSubscriptionId}`;
  }
  return null;
}
