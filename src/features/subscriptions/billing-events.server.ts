/**
 * What a provider reports about a plan after checkout, applied: Stripe's webhook events and the
 * simulated provider's buttons (simulated-billing.server.ts) both arrive here as the snapshots
 * of subscriptions.ts, and the e-mails they call for are queued here.
 */
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

/** An order's buyer, by address and account, as the e-mails about it record them. */
const aboutOrder = (order: { customerEmail: string; clientId: number | null }) => ({
  emails: [order.customerEmail],
  clientIds: order.clientId === null ? [] : [order.clientId],
});

export type BillingEvent = {
  /** When the provider says the change happened (Stripe's event.created). */
  eventAt: Date;
  provider: 'stripe' | 'simulated';
  /** The function's context: e-mails go out after the answer (waitUntil). */
  context?: FunctionContext | undefined;
  /** Asks the provider which invoice a payment intent paid, for a refund of an unknown one. */
  invoiceOfPayment?: ((paymentIntentId: string) => Promise<string | null>) | undefined;
};

/**
 * customer.subscription.created / updated / deleted: the record becomes the snapshot, unless
 * the record already reflects a newer event. Returns whether it changed.
 */
export function applySubscriptionSnapshot(
  db: Db,
  snapshot: SubscriptionSnapshot,
  event: BillingEvent,
) {
  return storeSubscriptionSnapshot(db, snapshot, event);
}

/**
 * invoice.paid: the first payment or a renewal, recorded once per invoice; a renewal extends
 * the subscription's paid period. Returns whether this call recorded the payment.
 */
export async function recordInvoicePaid(
  db: Db,
  invoice: InvoiceSnapshot,
  { eventAt }: BillingEvent,
): Promise<{ newlyPaid: boolean }> {
  const stored = await storePaidInvoice(db, invoice, eventAt);
  await extendPaidPeriod(db, invoice);
  return stored;
}

/**
 * invoice_payment.paid: the payment intent of an invoice, which a webhook's invoice no longer
 * names, so a later refund of a renewal finds the renewal. Returns whether the invoice is known.
 */
export function recordInvoicePayment(db: Db, payment: InvoicePaymentSnapshot): Promise<boolean> {
  return attachInvoicePaymentIntent(db, payment.providerInvoiceId, payment.paymentIntentId);
}

/**
 * invoice.payment_failed: the attempt is recorded (never over a payment that went through);
 * on an invoice's first failure the client gets a dunning e-mail pointing at "Manage billing"
 * and the team a notice. Retries of the same invoice only count the attempt.
 */
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

/**
 * invoice.paid of an invoice of no plan (Checkout's invoice of a one-time purchase): its
 * number, hosted page and PDF on the order that names it. Null when no order does.
 */
export function recordOneTimeInvoice(db: Db, invoice: ChargeInvoice): Promise<Order | null> {
  return attachOrderInvoice(db, invoice);
}

/**
 * charge.refunded: the refunded amount lands on the order it paid for (the first payment or a
 * one-time order) and on the invoice it paid (a plan's first invoice or a renewal), with each
 * refund the charge lists as its own row. Partial amounts are kept as they are.
 */
export function recordRefund(
  db: Db,
  refund: RefundSnapshot,
  event: BillingEvent,
): Promise<{ target: 'order' | 'renewal' | null }> {
  return applyRefunds(db, refund.paymentIntentId, refund.refundedCents, refund.refunds, event);
}

/**
 * refund.created / updated / failed: the refund as its own row (a failed or canceled one
 * counts in no total), and the payment's totals at least what its refunds add up to.
 */
export async function recordProviderRefund(
  db: Db,
  refund: ProviderRefund,
  event: BillingEvent,
): Promise<{ target: 'order' | 'renewal' | null }> {
  if (!refund.paymentIntentId) return { target: null };
  return applyRefunds(db, refund.paymentIntentId, 0, [refund], event);
}

/**
 * The refunds of one payment, stored against the order and invoice it paid; the running
 * totals become the larger of the provider's (`runningCents`) and the counted rows' sum, so a
 * late or sparser report never lowers them, except a refund's failure, which takes its
 * amount back out.
 */
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
