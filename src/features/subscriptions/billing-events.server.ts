import type { Db } from '../../server/db/client.ts';
import { readEnv } from '../../server/env.ts';
import type { FunctionContext } from '../../server/handler.ts';
import { deliverInBackground } from '../../server/mail/delivery.ts';
import { enqueueEmail } from '../../server/mail/outbox.ts';
import type { ChargeInvoice } from '../../lib/charge.ts';
import {
  attachOrderInvoice,
  findOrderByPaymentIntent,
  findOrderBySubscription,
  recordOrderRefund,
  refundCounts,
  refundedOfPayment,
  storeRefunds,
} from '../orders/orders.server.ts';
import type { Order } from '../../server/db/schema.ts';
import {
  disputeTeamEmail,
  paymentFailedClientEmail,
  paymentFailedTeamEmail,
} from './subscriptions-emails.tsx';
import {
  attachInvoicePaymentIntent,
  findPaymentByIntent,
  storeFailedInvoice,
  storePaidInvoice,
  storePaymentRefund,
} from './subscription-payments.server.ts';
import {
  extendPaidPeriod,
  findSubscription,
  storeSubscriptionSnapshot,
} from './subscription-records.server.ts';
import type {
  DisputeSnapshot,
  InvoicePaymentSnapshot,
  InvoiceSnapshot,
  ProviderRefund,
  RefundSnapshot,
  SubscriptionSnapshot,
} from './subscriptions.ts';

const aboutOrder = (order: { customerEmail: string; clientId: number | null }) => ({
  emails: [order.customerEmail],
  clientIds: order.clientId === null ? [] : [order.clientId],
});

export type BillingEvent = {
  eventAt: Date;
  provider: 'stripe' | 'simulated';
  context?: FunctionContext | undefined;
  /** Asks the provider which invoice a payment intent paid, for a refund of an unknown one. */
  invoiceOfPayment?: ((paymentIntentId: string) => Promise<string | null>) | undefined;
};

export function applySubscriptionSnapshot(
  db: Db,
  snapshot: SubscriptionSnapshot,
  event: BillingEvent,
) {
  return storeSubscriptionSnapshot(db, snapshot, event);
}

/** A renewal extends the subscription's paid period. */
export async function recordInvoicePaid(
  db: Db,
  invoice: InvoiceSnapshot,
  { eventAt }: BillingEvent,
): Promise<{ newlyPaid: boolean }> {
  const stored = await storePaidInvoice(db, invoice, eventAt);
  await extendPaidPeriod(db, invoice);
  return stored;
}

/** A webhook's invoice no longer names its payment intent: this lets a renewal's refund find it. */
export function recordInvoicePayment(db: Db, payment: InvoicePaymentSnapshot): Promise<boolean> {
  return attachInvoicePaymentIntent(db, payment.providerInvoiceId, payment.paymentIntentId);
}

/** Never over a payment that went through; only an invoice's first failure e-mails anyone. */
export async function recordInvoiceFailed(
  db: Db,
  invoice: InvoiceSnapshot,
  { eventAt, context }: BillingEvent,
): Promise<{ firstFailure: boolean; emailIds: number[] }> {
  const outcome = await db.transaction(async (tx) => {
    const { firstFailure } = await storeFailedInvoice(tx, invoice, eventAt);
    const emailIds = firstFailure ? await enqueueFailureEmails(tx, invoice) : [];
    return { firstFailure, emailIds };
  });
  if (outcome.emailIds.length) void deliverInBackground(db, outcome.emailIds, context);
  return outcome;
}

async function enqueueFailureEmails(tx: Db, invoice: InvoiceSnapshot): Promise<number[]> {
  const env = readEnv();
  const subscription = await findSubscription(tx, invoice.providerSubscriptionId);
  const order = await findOrderBySubscription(tx, invoice.providerSubscriptionId);
  const plan = subscription?.plan ?? order?.productName ?? 'your plan';
  const ids: number[] = [];
  if (order) {
    const client = await enqueueEmail(tx, {
      kind: 'subscription.payment_failed',
      to: order.customerEmail,
      about: aboutOrder(order),
      ...paymentFailedClientEmail({
        customerName: order.customerName,
        plan,
        amountCents: invoice.amountCents,
        dashboardUrl: new URL('/dashboard', env.siteUrl).toString(),
      }),
    });
    ids.push(client.id);
  }
  const team = await enqueueEmail(tx, {
    kind: 'subscription.payment_failed.team',
    to: env.teamEmail,
    about: order ? aboutOrder(order) : { emails: [] },
    ...paymentFailedTeamEmail({
      customerName: order?.customerName ?? 'Unknown client',
      customerEmail: order?.customerEmail ?? 'unknown',
      plan,
      amountCents: invoice.amountCents,
      invoiceId: invoice.providerInvoiceId,
      attempts: invoice.attempts,
      orderNumber: order?.orderNumber ?? null,
    }),
  });
  ids.push(team.id);
  return ids;
}

export function recordOneTimeInvoice(db: Db, invoice: ChargeInvoice): Promise<Order | null> {
  return attachOrderInvoice(db, invoice);
}

export function recordRefund(
  db: Db,
  refund: RefundSnapshot,
  event: BillingEvent,
): Promise<{ target: 'order' | 'renewal' | null }> {
  return applyRefunds(db, refund.paymentIntentId, refund.refundedCents, refund.refunds, event);
}

export async function recordProviderRefund(
  db: Db,
  refund: ProviderRefund,
  event: BillingEvent,
): Promise<{ target: 'order' | 'renewal' | null }> {
  if (!refund.paymentIntentId) return { target: null };
  return applyRefunds(db, refund.paymentIntentId, 0, [refund], event);
}

// Running totals become the larger of the provider's and the counted rows' sum, so a late or
// sparser report never lowers them, except a failed refund, which takes its amount back out.
async function applyRefunds(
  db: Db,
  paymentIntentId: string,
  runningCents: number,
  refunds: ProviderRefund[],
  { eventAt, provider, invoiceOfPayment }: BillingEvent,
): Promise<{ target: 'order' | 'renewal' | null }> {
  const paid = await findOrderByPaymentIntent(db, paymentIntentId);
  const invoice =
    (await findPaymentByIntent(db, paymentIntentId)) ??
    (paid ? null : await learnInvoiceOfPayment(db, paymentIntentId, invoiceOfPayment));
  // A renewal belongs to the order that started its plan.
  const order =
    paid?.order ??
    (invoice ? await findOrderBySubscription(db, invoice.providerSubscriptionId) : null);
  if (!paid && !invoice) return { target: null };
  await storeRefunds(
    db,
    refunds.map((r) => ({
      providerRefundId: r.refundId,
      provider,
      orderId: order?.id ?? null,
      providerInvoiceId: invoice?.providerInvoiceId ?? order?.invoiceId ?? null,
      paymentIntentId,
      chargeId: r.chargeId,
      amountCents: r.amountCents,
      currency: r.currency,
      status: r.status,
      reason: r.reason,
      refundedAt: r.createdAt,
    })),
  );
  const counted = await refundedOfPayment(db, paymentIntentId);
  // A refund that failed or was canceled gave nothing back: the totals are the rows' own sum.
  const exact = refunds.some((r) => !refundCounts(r.status));
  const total = exact ? counted : Math.max(runningCents, counted);
  if (total === 0 && !exact) return { target: paid ? 'order' : 'renewal' };
  const refundedOrder = await recordOrderRefund(db, paymentIntentId, total, eventAt, { exact });
  // The first invoice of a plan is paid by the order's payment: both show the refund.
  const refundedInvoice = await storePaymentRefund(db, paymentIntentId, total, eventAt, {
    exact,
  });
  return { target: refundedOrder ? 'order' : refundedInvoice ? 'renewal' : null };
}

/** A renewal whose invoice_payment.paid never arrived (or came late): the provider says which. */
async function learnInvoiceOfPayment(
  db: Db,
  paymentIntentId: string,
  invoiceOfPayment: BillingEvent['invoiceOfPayment'],
) {
  const invoiceId = invoiceOfPayment ? await invoiceOfPayment(paymentIntentId) : null;
  if (!invoiceId || !(await attachInvoicePaymentIntent(db, invoiceId, paymentIntentId)))
    return null;
  return findPaymentByIntent(db, paymentIntentId);
}

/** charge.dispute.created: the team is alerted at once (disputes have a deadline). */
export async function alertDispute(
  db: Db,
  dispute: DisputeSnapshot,
  { context }: BillingEvent,
): Promise<{ emailId: number }> {
  const found = dispute.paymentIntentId
    ? await findOrderByPaymentIntent(db, dispute.paymentIntentId)
    : null;
  const email = await enqueueEmail(db, {
    kind: 'payment.dispute.team',
    to: readEnv().teamEmail,
    about: found ? aboutOrder(found.order) : { emails: [] },
    ...disputeTeamEmail({
      disputeId: dispute.disputeId,
      chargeId: dispute.chargeId,
      amountCents: dispute.amountCents,
      reason: dispute.reason,
      customer: found ? `${found.order.customerName} <${found.order.customerEmail}>` : 'unknown',
      orderNumber: found?.order.orderNumber ?? null,
    }),
  });
  void deliverInBackground(db, [email.id], context);
  return { emailId: email.id };
}
