import type { Db } from '../../../server/db/client.ts';
import type { Listed, PageRequest } from '../../../server/db/list-query.ts';
import type { OrderItem } from '../../../server/db/schema.ts';
import { CYCLE_LABEL, type BillingCycle } from '../../catalogue/catalogue.ts';
import { onboardingFormsOf } from '../../order-onboarding/order-onboarding.server.ts';
import {
  onboardingProgress,
  type OnboardingProgress,
} from '../../order-onboarding/order-onboarding.ts';
import {
  listOrders as listOrderRows,
  paymentRefunds,
  refundsOfOrders,
} from '../../orders/orders.server.ts';
import {
  displayStatus,
  subscriptionsByProviderIds,
  type DisplayStatus,
  simulatedActionsFor,
  type SimulatedAction,
  type Subscription,
} from '../../subscriptions/subscriptions.server.ts';
import { readEnv } from '../../../server/env.ts';
import {
  orderCharge,
  paymentKind,
  stripeDashboardUrl,
  type OrderCharge,
  type PaymentRefund,
} from '../../orders/orders.ts';
import type { ListQuery } from '../admin.ts';

type AdminOrderItem = {
  productId: string;
  name: string;
  type: string;
  billingCycle: BillingCycle;
  /** "One-time", "Monthly", ... (the catalogue's words, so the island need not import it). */
  cycleLabel: string;
  unitAmountCents: number;
  quantity: number;
};

export type AdminOrder = {
  id: number;
  orderNumber: string;
  createdAt: string;
  paidAt: string | null;
  status: string;
  amountCents: number;
  currency: string;
  customerName: string;
  customerEmail: string;
  productName: string;
  mode: string;
  payment: ReturnType<typeof paymentKind>;
  paymentReference: string;
  stripeUrl: string | null;
  items: AdminOrderItem[];
  onboarding: OnboardingProgress;
  refundedCents: number;
  charge: OrderCharge;
  refunds: PaymentRefund[];
  /** Paid through an abandoned checkout's recovery link (the reminder or Stripe's link). */
  recovered: boolean;
  /** The plan this order started, as the provider last reported it (a switch included). */
  subscription: {
    status: DisplayStatus;
    plan: string;
    currentPeriodEnd: string | null;
    interval: 'month' | 'year';
    amountCents: number;
  } | null;
  /** What the simulated provider can play for this order (empty when payments are real). */
  simulatedActions: SimulatedAction[];
};

export async function listOrders(
  db: Db,
  q: ListQuery,
  page: PageRequest,
): Promise<Listed<AdminOrder>> {
  const { simulatedPayments } = readEnv();
  const { rows, ...paging } = await listOrderRows(db, q, page);
  const forms = await onboardingFormsOf(
    db,
    rows.map((r) => r.order.id),
  );
  const refunds = await refundsOfOrders(
    db,
    rows.map((r) => r.order.id),
  );
  const plans = new Map(
    (
      await subscriptionsByProviderIds(
        db,
        rows.flatMap((r) => (r.order.stripeSubscriptionId ? [r.order.stripeSubscriptionId] : [])),
      )
    ).map((s) => [s.providerSubscriptionId, s]),
  );
  const items: AdminOrder[] = rows.map(({ order, items: lines }) => ({
    id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    status: order.status,
    amountCents: order.amount,
    currency: order.currency,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    productName: order.productName,
    mode: order.mode,
    payment: paymentKind(order),
    paymentReference: order.stripePaymentIntentId,
    stripeUrl: stripeDashboardUrl(order),
    items: lines.map(itemView),
    onboarding: onboardingProgress(forms.get(order.id)),
    refundedCents: order.refundedCents,
    charge: orderCharge(order),
    refunds: paymentRefunds(refunds, order.stripePaymentIntentId),
    recovered: order.recoveredFrom !== null,
    subscription: subscriptionView(plans.get(order.stripeSubscriptionId ?? '')),
    simulatedActions: simulatedActionsFor(
      order,
      plans.get(order.stripeSubscriptionId ?? ''),
      simulatedPayments,
    ),
  }));
  return { ...paging, rows: items };
}

function subscriptionView(s: Subscription | undefined): AdminOrder['subscription'] {
  if (!s) return null;
  return {
    status: displayStatus(s),
    plan: s.plan,
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    interval: s.interval,
    amountCents: s.amountCents,
  };
}

const cycleLabel = (cycle: string) => (CYCLE_LABEL as Record<string, string>)[cycle] ?? cycle;

function itemView({
  productId,
  name,
  type,
  billingCycle,
  unitAmountCents,
  quantity,
}: OrderItem): AdminOrderItem {
  return {
    productId,
    name,
    type,
    billingCycle,
    cycleLabel: cycleLabel(billingCycle),
    unitAmountCents,
    quantity,
  };
}
