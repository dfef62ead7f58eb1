/**
 * The subscriptions and subscription_payments tables: this module is their only reader and
 * writer, and the one place a plan's life after checkout is applied, whichever provider
 * reports it (Stripe's webhook events, or the simulated provider's lifecycle buttons, both as
 * the snapshots of subscriptions.ts).
 *
 * Every change is idempotent and order-independent: a subscription snapshot only replaces an
 * older one (`supersedes`), an invoice is one row per invoice id whose 'paid' is never undone
 * by a late failure, and refunds keep the provider's running total.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { weeklySums, type WeeklySum } from '../../server/db/weekly.ts';
import {
  subscriptionPayments,
  subscriptions,
  type Order,
  type Subscription,
  type SubscriptionPayment,
} from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError, type FunctionContext } from '../../server/http.ts';
import { deliverInBackground, enqueueEmail } from '../../server/mail/outbox.ts';
import {
  findOrderByPaymentIntent,
  findOrderBySubscription,
  recordOrderRefund,
} from '../orders/orders.server.ts';
import {
  disputeTeamEmail,
  paymentFailedClientEmail,
  paymentFailedTeamEmail,
} from './subscriptions-emails.tsx';
import {
  addInterval,
  monthlyCents,
  simulatedStart,
  type SimulatedBillingAction,
  supersedes,
  type DisputeSnapshot,
  type InvoiceSnapshot,
  type RefundSnapshot,
  type SubscriptionSnapshot,
} from './subscriptions.ts';

export * from './subscriptions.ts';
export type { Subscription, SubscriptionPayment };

export type BillingEvent = {
  /** When the provider says the change happened (Stripe's event.created). */
  eventAt: Date;
  provider: 'stripe' | 'simulated';
  /** The function's context: e-mails go out after the answer (waitUntil). */
  context?: FunctionContext | undefined;
};

/**
 * customer.subscription.created / updated / deleted: the record becomes the snapshot, unless
 * the record already reflects a newer event. Returns whether it changed.
 */
export async function applySubscriptionSnapshot(
  db: Db,
  snapshot: SubscriptionSnapshot,
  { eventAt, provider }: BillingEvent,
): Promise<{ applied: boolean; subscription: Subscription }> {
  const values = {
    providerCustomerId: snapshot.providerCustomerId,
    status: snapshot.status,
    plan: snapshot.plan,
    lines: snapshot.lines,
    interval: snapshot.interval,
    amountCents: snapshot.amountCents,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    canceledAt: snapshot.canceledAt,
    endedAt: snapshot.endedAt,
    latestInvoiceId: snapshot.latestInvoiceId,
    lastEventAt: eventAt,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(subscriptions)
      .values({ provider, providerSubscriptionId: snapshot.providerSubscriptionId, ...values })
      .onConflictDoNothing({ target: subscriptions.providerSubscriptionId })
      .returning();
    if (inserted) return { applied: true, subscription: inserted };
    // Locked, so two events for one subscription are applied one after the other.
    const [current] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, snapshot.providerSubscriptionId))
      .for('update');
    if (!current) throw new Error('Subscription row vanished inside its transaction');
    if (!supersedes({ status: snapshot.status, eventAt }, current)) {
      return { applied: false, subscription: current };
    }
    const [updated] = await tx
      .update(subscriptions)
      .set({
        ...values,
        // A renewal recorded meanwhile may already know a later period end.
        currentPeriodEnd: laterOf(current.currentPeriodEnd, snapshot.currentPeriodEnd),
      })
      .where(eq(subscriptions.id, current.id))
      .returning();
    return { applied: true, subscription: updated! };
  });
}

function laterOf(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
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
  const rows = await db
    .insert(subscriptionPayments)
    .values({ ...invoiceValues(invoice), status: 'paid', paidAt: eventAt })
    .onConflictDoUpdate({
      target: subscriptionPayments.providerInvoiceId,
      set: {
        status: 'paid',
        paidAt: eventAt,
        amountCents: invoice.amountCents,
        paymentIntentId: sql`coalesce(${subscriptionPayments.paymentIntentId}, ${invoice.paymentIntentId})`,
        attempts: sql`greatest(${subscriptionPayments.attempts}, ${invoice.attempts})`,
      },
      setWhere: ne(subscriptionPayments.status, 'paid'),
    })
    .returning({ id: subscriptionPayments.id });
  if (invoice.periodEnd) {
    await db
      .update(subscriptions)
      .set({
        currentPeriodEnd: sql`greatest(${subscriptions.currentPeriodEnd}, ${invoice.periodEnd})`,
        latestInvoiceId: invoice.providerInvoiceId,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.providerSubscriptionId, invoice.providerSubscriptionId));
  }
  return { newlyPaid: rows.length > 0 };
}

function invoiceValues(invoice: InvoiceSnapshot) {
  return {
    providerInvoiceId: invoice.providerInvoiceId,
    providerSubscriptionId: invoice.providerSubscriptionId,
    paymentIntentId: invoice.paymentIntentId,
    billingReason: invoice.billingReason,
    amountCents: invoice.amountCents,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    attempts: invoice.attempts,
  };
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
    const [inserted] = await tx
      .insert(subscriptionPayments)
      .values({ ...invoiceValues(invoice), status: 'failed', failedAt: eventAt })
      .onConflictDoNothing({ target: subscriptionPayments.providerInvoiceId })
      .returning();
    if (!inserted) {
      await tx
        .update(subscriptionPayments)
        .set({
          attempts: sql`greatest(${subscriptionPayments.attempts}, ${invoice.attempts})`,
          failedAt: eventAt,
        })
        .where(
          and(
            eq(subscriptionPayments.providerInvoiceId, invoice.providerInvoiceId),
            eq(subscriptionPayments.status, 'failed'),
          ),
        );
      return { firstFailure: false, emailIds: [] };
    }
    const emailIds = await enqueueFailureEmails(tx as unknown as Db, invoice);
    return { firstFailure: true, emailIds };
  });
  if (outcome.emailIds.length) void deliverInBackground(db, outcome.emailIds, context);
  return outcome;
}

async function enqueueFailureEmails(tx: Db, invoice: InvoiceSnapshot): Promise<number[]> {
  const env = readEnv();
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, invoice.providerSubscriptionId));
  const order = await findOrderBySubscription(tx, invoice.providerSubscriptionId);
  const plan = subscription?.plan ?? order?.productName ?? 'your plan';
  const ids: number[] = [];
  if (order) {
    const client = await enqueueEmail(tx, {
      kind: 'subscription.payment_failed',
      to: order.customerEmail,
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
 * charge.refunded: the refunded amount lands on the order it paid for (the first payment or a
 * one-time order) and on the invoice it paid (a plan's first invoice or a renewal). Partial
 * amounts are kept as they are.
 */
export async function recordRefund(
  db: Db,
  refund: RefundSnapshot,
  { eventAt }: BillingEvent,
): Promise<{ target: 'order' | 'renewal' | null }> {
  const order = await recordOrderRefund(db, refund.paymentIntentId, refund.refundedCents, eventAt);
  // The first invoice of a plan is paid by the order's payment: both show the refund.
  const rows = await db
    .update(subscriptionPayments)
    .set({
      refundedCents: sql`greatest(${subscriptionPayments.refundedCents}, ${refund.refundedCents})`,
      refundedAt: eventAt,
    })
    .where(eq(subscriptionPayments.paymentIntentId, refund.paymentIntentId))
    .returning({ id: subscriptionPayments.id });
  return { target: order ? 'order' : rows.length ? 'renewal' : null };
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

/**
 * The simulated provider's answer to a paid checkout of subscription mode: the subscription
 * and its first invoice, applied exactly as Stripe's customer.subscription.created and
 * invoice.paid events are.
 */
export async function startSimulatedSubscription(
  db: Db,
  input: Parameters<typeof simulatedStart>[0],
): Promise<void> {
  const { subscription, invoice } = simulatedStart(input);
  const event: BillingEvent = { eventAt: input.now, provider: 'simulated' };
  await applySubscriptionSnapshot(db, subscription, event);
  await recordInvoicePaid(db, invoice, event);
}

/** Renewals (paid invoices after the first) since `since`, per week of payment. */
export function renewalsByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  const p = subscriptionPayments;
  return weeklySums(
    db,
    p,
    p.paidAt,
    since,
    and(eq(p.status, 'paid'), ne(p.billingReason, 'subscription_create')),
    p.amountCents,
  );
}

/** What was refunded of renewals since `since`, per week of the latest refund. */
export function renewalRefundsByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  const p = subscriptionPayments;
  return weeklySums(db, p, p.refundedAt, since, gt(p.refundedCents, 0), p.refundedCents);
}

export type FailedPayment = {
  invoiceId: string;
  plan: string;
  amountCents: number;
  attempts: number;
  failedAt: string;
};

export type SubscriptionStats = {
  /** Active or trialing, canceling ones included until they end. */
  active: number;
  pastDue: number;
  canceling: number;
  /** Monthly recurring revenue of every plan that still bills (yearly as a twelfth). */
  mrrCents: number;
  /** Renewals whose payment failed and has not gone through since, newest first. */
  failedPayments: FailedPayment[];
};

const BILLING_STATUSES = ['active', 'trialing', 'past_due', 'unpaid'] as const;

export async function subscriptionStats(db: Db, failedLimit = 10): Promise<SubscriptionStats> {
  const live = await db
    .select({
      status: subscriptions.status,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      amountCents: subscriptions.amountCents,
      interval: subscriptions.interval,
    })
    .from(subscriptions)
    .where(inArray(subscriptions.status, [...BILLING_STATUSES]));
  const failed = await db
    .select({ payment: subscriptionPayments, plan: subscriptions.plan })
    .from(subscriptionPayments)
    .leftJoin(
      subscriptions,
      eq(subscriptions.providerSubscriptionId, subscriptionPayments.providerSubscriptionId),
    )
    .where(eq(subscriptionPayments.status, 'failed'))
    .orderBy(desc(subscriptionPayments.failedAt), desc(subscriptionPayments.id))
    .limit(failedLimit);
  return {
    active: live.filter((s) => s.status === 'active' || s.status === 'trialing').length,
    pastDue: live.filter((s) => s.status === 'past_due' || s.status === 'unpaid').length,
    canceling: live.filter((s) => s.cancelAtPeriodEnd).length,
    mrrCents: live.reduce((sum, s) => sum + monthlyCents(s), 0),
    failedPayments: failed.map(({ payment, plan }) => ({
      invoiceId: payment.providerInvoiceId,
      plan: plan ?? 'Unknown plan',
      amountCents: payment.amountCents,
      attempts: payment.attempts,
      failedAt: (payment.failedAt ?? payment.createdAt).toISOString(),
    })),
  };
}

/** The record as a snapshot, for the simulated provider to report a change to it. */
function snapshotOf(row: Subscription): SubscriptionSnapshot {
  return {
    providerSubscriptionId: row.providerSubscriptionId,
    providerCustomerId: row.providerCustomerId,
    status: row.status,
    plan: row.plan,
    lines: row.lines,
    interval: row.interval,
    amountCents: row.amountCents,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    endedAt: row.endedAt,
    latestInvoiceId: row.latestInvoiceId,
  };
}

const simulatedRef = (prefix: 'in' | 'pi') =>
  `sim_${prefix}_${randomBytes(12).toString('base64url')}`;

/**
 * The simulated provider playing what Stripe would report next for an order's plan or payment,
 * through the same functions as Stripe's events (local runs and tests only; the function that
 * calls it is a 404 when payments are real). Answers a sentence saying what happened.
 */
export async function simulateBilling(
  db: Db,
  order: Order,
  action: SimulatedBillingAction,
  { now = new Date(), context }: { now?: Date; context?: FunctionContext | undefined } = {},
): Promise<string> {
  const event: BillingEvent = { eventAt: now, provider: 'simulated', context };
  if (action === 'refund') return simulateRefund(db, order, event);
  const [row] = order.stripeSubscriptionId
    ? await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, order.stripeSubscriptionId))
    : [];
  if (!row || row.provider !== 'simulated')
    throw new HttpError(409, 'This order has no simulated subscription.');
  if (row.status === 'canceled') throw new HttpError(409, 'This plan is canceled.');
  const current = snapshotOf(row);

  if (action === 'cancel_at_period_end') {
    await applySubscriptionSnapshot(
      db,
      { ...current, cancelAtPeriodEnd: true, canceledAt: now },
      event,
    );
    return 'The plan is canceled at the end of its period.';
  }

  const periodStart = row.currentPeriodEnd ?? now;
  if (action === 'renew' && row.cancelAtPeriodEnd) {
    // The period ran out: what Stripe reports as customer.subscription.deleted.
    await applySubscriptionSnapshot(
      db,
      { ...current, status: 'canceled', endedAt: periodStart },
      event,
    );
    return 'The period ended and the plan was canceled, as requested.';
  }

  // A renewal retries the invoice that failed, if one is open, as Stripe's retries do.
  const [open] = await db
    .select()
    .from(subscriptionPayments)
    .where(
      and(
        eq(subscriptionPayments.providerSubscriptionId, row.providerSubscriptionId),
        eq(subscriptionPayments.status, 'failed'),
      ),
    )
    .orderBy(desc(subscriptionPayments.id))
    .limit(1);
  const invoice: InvoiceSnapshot = {
    providerInvoiceId: open?.providerInvoiceId ?? simulatedRef('in'),
    providerSubscriptionId: row.providerSubscriptionId,
    paymentIntentId: action === 'renew' ? simulatedRef('pi') : null,
    billingReason: 'subscription_cycle',
    amountCents: row.amountCents,
    periodStart: open?.periodStart ?? periodStart,
    periodEnd: open?.periodEnd ?? addInterval(periodStart, row.interval),
    attempts: (open?.attempts ?? 0) + 1,
  };
  if (action === 'fail_renewal') {
    await recordInvoiceFailed(db, invoice, event);
    await applySubscriptionSnapshot(db, { ...current, status: 'past_due' }, event);
    return 'The renewal payment failed; the client was e-mailed and the plan is past due.';
  }
  await recordInvoicePaid(db, invoice, event);
  await applySubscriptionSnapshot(
    db,
    {
      ...current,
      status: 'active',
      currentPeriodEnd: invoice.periodEnd,
      latestInvoiceId: invoice.providerInvoiceId,
    },
    event,
  );
  return open
    ? 'The failed renewal was paid; the plan is active again.'
    : 'The plan renewed and was paid.';
}

/** Refunds the latest payment in full: a renewal, or the order's own payment. */
async function simulateRefund(db: Db, order: Order, event: BillingEvent): Promise<string> {
  const [latest] = order.stripeSubscriptionId
    ? await db
        .select()
        .from(subscriptionPayments)
        .where(
          and(
            eq(subscriptionPayments.providerSubscriptionId, order.stripeSubscriptionId),
            eq(subscriptionPayments.status, 'paid'),
            ne(subscriptionPayments.billingReason, 'subscription_create'),
          ),
        )
        .orderBy(desc(subscriptionPayments.paidAt), desc(subscriptionPayments.id))
        .limit(1)
    : [];
  const target =
    latest?.paymentIntentId && latest.refundedCents < latest.amountCents
      ? { paymentIntentId: latest.paymentIntentId, amountCents: latest.amountCents }
      : { paymentIntentId: order.stripePaymentIntentId, amountCents: order.amount };
  if (!target.paymentIntentId) throw new HttpError(409, 'There is no payment to refund.');
  const { target: refunded } = await recordRefund(
    db,
    {
      paymentIntentId: target.paymentIntentId,
      chargeId: `sim_ch_${target.paymentIntentId}`,
      refundedCents: target.amountCents,
      amountCents: target.amountCents,
    },
    event,
  );
  if (!refunded) throw new HttpError(409, 'There is no payment to refund.');
  return refunded === 'order'
    ? 'The order was refunded in full.'
    : 'The last renewal was refunded in full.';
}

export type SubscriptionWithPayments = Subscription & { payments: SubscriptionPayment[] };

/** The subscriptions with these provider ids, newest payment first (dashboard and admin). */
export async function subscriptionsByProviderIds(
  db: Db,
  providerSubscriptionIds: string[],
): Promise<SubscriptionWithPayments[]> {
  if (!providerSubscriptionIds.length) return [];
  const rows = await db
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.providerSubscriptionId, providerSubscriptionIds))
    .orderBy(desc(subscriptions.createdAt));
  const payments = await db
    .select()
    .from(subscriptionPayments)
    .where(inArray(subscriptionPayments.providerSubscriptionId, providerSubscriptionIds))
    .orderBy(desc(subscriptionPayments.createdAt), desc(subscriptionPayments.id));
  return rows.map((s) => ({
    ...s,
    payments: payments.filter((p) => p.providerSubscriptionId === s.providerSubscriptionId),
  }));
}
