// Never takes an id from the browser: the session decides which orders it may see.
import type { Db } from '../../server/db/client.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError } from '../../server/responses.ts';
import type { CrmClient } from '../../server/crm/crm.ts';
import {
  actingClientId,
  connectClient,
  findClient,
  type ClientAccess,
} from '../clients/clients.server.ts';
import {
  latestBusinessInfo,
  onboardingFormsOf,
} from '../order-onboarding/order-onboarding.server.ts';
import { onboardingPathFor } from '../catalogue/catalogue.ts';
import { onboardingProgress } from '../order-onboarding/order-onboarding.ts';
import {
  hasPaidOrder,
  orderIdsOfClient,
  ordersVisibleTo,
  paymentRefunds,
  refundsOfOrders,
  type Refund,
} from '../orders/orders.server.ts';
import { orderCharge, type OrderCharge } from '../orders/orders.ts';
import type { Order } from '../../server/db/schema.ts';
import {
  displayStatus,
  simulatedActionsFor,
  subscriptionsByProviderIds,
  type SubscriptionPayment,
} from '../subscriptions/subscriptions.server.ts';
import type { DashboardOrder, DashboardSubscription, DashboardView } from './dashboard.ts';

export { billingPortalUrl } from './billing.server.ts';
export {
  acceptSignInRequest,
  resolveAfterAnswer,
  signInWithMagicLink,
  signOutEverywhere,
} from './sign-in.server.ts';

export async function clientDashboard(db: Db, access: ClientAccess): Promise<DashboardView> {
  const { simulatedPayments } = readEnv();
  const client = access.clientId === null ? null : await findClient(db, access.clientId);
  const rows = await ordersVisibleTo(db, access);
  const forms = await onboardingFormsOf(
    db,
    rows.map((r) => r.order.id),
  );
  const refunds = await refundsOfOrders(
    db,
    rows.map((r) => r.order.id),
  );

  const view: DashboardOrder[] = rows.map(({ order, items }) => {
    const progress = onboardingProgress(forms.get(order.id));
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      productId: order.productId,
      productName: order.productName,
      amountCents: order.amount,
      status: order.status,
      mode: order.mode,
      createdAt: order.createdAt.toISOString(),
      items: items.map((i) => ({
        name: i.name,
        billingCycle: i.billingCycle,
        quantity: i.quantity,
        unitAmountCents: i.unitAmountCents,
      })),
      charge: orderCharge(order),
      refunds: paymentRefunds(refunds, order.stripePaymentIntentId),
      onboarding: {
        status: progress.status,
        stepsSaved: progress.stepsDone,
        totalSteps: progress.totalSteps,
        path: onboardingPathFor(order.productId, order.id),
      },
      simulatedActions:
        order.mode === 'payment' ? simulatedActionsFor(order, undefined, simulatedPayments) : [],
    };
  });

  const subscriptions = await dashboardSubscriptions(
    db,
    rows.map((r) => r.order),
    refunds,
  );
  const hasSubscription = view.some(
    (o) => o.mode === 'subscription' || o.items.some((i) => i.billingCycle !== 'oneTime'),
  );
  const latest = rows[0]?.order;
  const wholeAccount = access.wholeAccount && client !== null;
  return {
    client: {
      id: actingClientId(access),
      // An order session shows the buyer's details as typed on the order.
      name: wholeAccount ? client.name : (latest?.customerName ?? ''),
      email: wholeAccount ? client.email : (latest?.customerEmail ?? ''),
    },
    wholeAccount,
    orders: view,
    subscriptions,
    billing: {
      hasSubscription,
      simulated: simulatedPayments || !wholeAccount || !client.stripeCustomerId,
    },
  };
}

/** What a plan's invoice charged, as an order's charge is shown (the amount paid its total). */
function invoiceCharge(p: SubscriptionPayment): OrderCharge {
  const linked = p.invoiceNumber || p.invoiceHostedUrl || p.invoicePdfUrl;
  return {
    currency: p.currency,
    subtotalCents: p.subtotalCents,
    discountCents: p.discountCents,
    discounts: p.discounts,
    taxCents: p.taxCents,
    taxes: p.taxes,
    totalCents: p.amountCents,
    refundedCents: p.refundedCents,
    invoice: linked
      ? {
          id: p.providerInvoiceId,
          number: p.invoiceNumber,
          hostedUrl: p.invoiceHostedUrl,
          pdfUrl: p.invoicePdfUrl,
        }
      : null,
  };
}

async function dashboardSubscriptions(
  db: Db,
  orders: Order[],
  refunds: readonly Refund[],
): Promise<DashboardSubscription[]> {
  const orderOf = new Map(
    orders.flatMap((o) => (o.stripeSubscriptionId ? [[o.stripeSubscriptionId, o] as const] : [])),
  );
  const records = await subscriptionsByProviderIds(db, [...orderOf.keys()]);
  const { simulatedPayments } = readEnv();
  return records.map((s) => {
    const paid = s.payments.find((p) => p.status === 'paid' && p.paidAt);
    return {
      id: s.id,
      orderId: orderOf.get(s.providerSubscriptionId)?.id ?? 0,
      plan: s.plan,
      status: displayStatus(s),
      interval: s.interval,
      amountCents: s.amountCents,
      currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
      endedAt: s.endedAt?.toISOString() ?? null,
      orderNumber: orderOf.get(s.providerSubscriptionId)?.orderNumber ?? '',
      simulatedActions: simulatedActionsFor(
        orderOf.get(s.providerSubscriptionId) ?? { status: 'paid' },
        s,
        simulatedPayments,
      ),
      lastPayment: paid
        ? {
            amountCents: paid.amountCents,
            paidAt: paid.paidAt!.toISOString(),
            refundedCents: paid.refundedCents,
            charge: invoiceCharge(paid),
            refunds: paymentRefunds(refunds, paid.paymentIntentId),
          }
        : null,
    };
  });
}

export const CONNECT_NEEDS_ORDER =
  'A marketing account comes with a paid order. Please complete a purchase first.';

export async function connectCrm(db: Db, clientId: number, crm?: CrmClient) {
  if (!(await hasPaidOrder(db, clientId))) throw new HttpError(403, CONNECT_NEEDS_ORDER);
  const businessInfo = await latestBusinessInfo(db, orderIdsOfClient(db, clientId));
  return connectClient(db, clientId, { ...(crm ? { crm } : {}), businessInfo });
}
