/**
 * Abandoned checkouts through POST /api/stripe-webhook, with Stripe-shaped
 * `checkout.session.expired` events signed by stripe.webhooks.generateTestHeaderString: the
 * one reminder (consent given and an address known), queued an hour after the expiry with its
 * List-Unsubscribe headers; none without consent, after a payment, an unsubscribe or another
 * reminder that week; once under replays, other event ids and concurrent deliveries; withdrawn
 * when the buyer pays first; and the recovered session's `checkout.session.completed` fulfilled
 * once as the same order, marked recovered.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkoutReminders,
  checkoutSessions,
  emailOutbox,
  orders,
  reminderOptOuts,
} from '../../src/server/db/schema.ts';
import { deliverDue } from '../../src/server/mail/delivery.ts';
import type { MailTransport } from '../../src/server/mail/smtp-transport.ts';
import { openedText } from '../../src/testing/sent-mail.ts';
import {
  REMINDER_DAILY_CAP,
  REMINDER_DAILY_CAP_KEY,
  REMINDER_DELAY_MS,
  REMINDERS_PER_DAY,
  reminderAddressHash,
  unsubscribe,
} from '../../src/features/recovery/recovery.server.ts';
import { getOverview } from '../../src/features/admin/overview/overview.server.ts';
import { hit, reset } from '../../src/server/rate-limit.ts';
import type Stripe from 'stripe';
import { fulfillCheckout } from '../../src/features/checkout/checkout.server.ts';
import type { PaymentProvider } from '../../src/server/payments/provider.ts';
import { fromStripeSession } from '../../src/server/payments/stripe.ts';
import { storeCheckoutSession, successRefOf } from '../../src/testing/checkout-fixtures.ts';
import { paidCheckoutSession, stripeEvent, useStripeWebhook } from './stripe-events.ts';

const SECRET = 'whsec_test_recovery_secret';
const stripe = useStripeWebhook(SECRET);
let counter = 0;

beforeEach(async () => {
  await stripe.db.delete(checkoutReminders);
  await stripe.db.delete(reminderOptOuts);
  await reset(stripe.db, REMINDER_DAILY_CAP_KEY);
});

/** A fresh address per test, so the 7-day rule of one test never meets another's. */
const address = () => `buyer${++counter}@example.com`;

/** A session stored by /api/create-checkout-session, started an hour before `at`. */
async function stored(id = `cs_test_recovery_${++counter}`) {
  return storeCheckoutSession(stripe.db, id);
}

const recoveryUrl = (id: string) => `https://checkout.stripe.com/c/pay/${id}_recovery#fid`;

/** A `checkout.session.expired` payload as Stripe sends it (API 2026-10-28). */
function expiredEvent(
  session: { id: string; amount: number },
  fields: { email?: string | null; consent?: 'opt_in' | 'opt_out' | null } = {},
  eventId = `evt_expired_${session.id}`,
  created = Math.floor(Date.now() / 1000),
) {
  return stripeEvent(
    eventId,
    'checkout.session.expired',
    {
      id: session.id,
      object: 'checkout.session',
      status: 'expired',
      payment_status: 'unpaid',
      mode: 'payment',
      amount_total: session.amount,
      currency: 'usd',
      customer: null,
      customer_email: null,
      customer_details:
        fields.email === null ? null : { email: fields.email ?? 'x@example.com', name: null },
      consent:
        fields.consent === undefined
          ? { promotions: 'opt_in' }
          : fields.consent === null
            ? null
            : { promotions: fields.consent, terms_of_service: null },
      consent_collection: { promotions: 'auto', terms_of_service: 'none' },
      after_expiration: {
        recovery: {
          enabled: true,
          allow_promotion_codes: true,
          expires_at: Math.floor(Date.now() / 1000) + 30 * 86400,
          url: recoveryUrl(session.id),
        },
      },
      recovered_from: null,
      payment_intent: null,
      subscription: null,
      metadata: {},
    },
    created,
  );
}

const remindersTo = (to: string) =>
  stripe.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

async function expire(
  session: { id: string; amount: number },
  fields: Parameters<typeof expiredEvent>[1],
  eventId?: string,
) {
  const res = await stripe.deliver(expiredEvent(session, fields, eventId));
  expect(res.status).toBe(200);
  return (await res.json()) as { status?: string; reminder?: string; duplicate?: true };
}

describe('checkout.session.expired', () => {
  it('with consent and an address queues one reminder an hour after the expiry', async () => {
    const email = address();
    const session = await stored();
    const created = Math.floor(Date.now() / 1000);
    const res = await stripe.deliver(expiredEvent(session, { email }, undefined, created));
    expect(await res.json()).toMatchObject({ status: 'expired', reminder: 'queued' });

    const [row] = await stripe.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session.id));
    expect(row).toMatchObject({
      status: 'expired',
      customerEmail: email,
      promotionsConsent: 'opt_in',
    });

    const [mail] = await remindersTo(email);
    expect(mail).toMatchObject({ kind: 'checkout.reminder', status: 'pending' });
    expect(mail!.nextAttemptAt.getTime()).toBe(created * 1000 + REMINDER_DELAY_MS);
    expect(mail!.subject).toBe('Your NovaReach Digital order is waiting for you');
    // What they were buying, the price, the button to the recovery link, the unsubscribe line.
    const text = openedText(mail!);
    expect(text).toContain('1 x Starter Website Package (One-time): $1,000.00');
    expect(text).toContain(`Complete your order: ${recoveryUrl(session.id)}`);
    expect(text).toMatch(
      /Unsubscribe: http:\/\/localhost:4321\/api\/unsubscribe\?token=[0-9a-f]{64}\./,
    );
    // No usable link at rest: both are sealed in the stored copy.
    expect(mail!.text).not.toContain(recoveryUrl(session.id));
    expect(mail!.text).not.toContain('token=');
    expect(openedText(mail!, mail!.headers!['List-Unsubscribe']!)).toMatch(
      /^<http:\/\/localhost:4321\/api\/unsubscribe\?token=[\w.]+>$/,
    );
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const [reminder] = await stripe.db.select().from(checkoutReminders);
    expect(reminder).toMatchObject({ checkoutSessionId: session.id, outboxEmailId: mail!.id });
    expect(JSON.stringify(reminder)).not.toContain(email);
  });

  it('sends it with the List-Unsubscribe headers once due, and keeps no link afterwards', async () => {
    const email = address();
    const session = await stored();
    await expire(session, { email });
    const sent: Parameters<MailTransport['sendMail']>[0][] = [];
    const transport: MailTransport = { sendMail: async (m) => void sent.push(m) };
    // Not before its hour.
    expect(await deliverDue(stripe.db, { transport })).toMatchObject({ sent: 0 });
    await deliverDue(stripe.db, {
      transport,
      now: new Date(Date.now() + REMINDER_DELAY_MS + 1000),
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers).toMatchObject({
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/localhost:4321\/api\/unsubscribe\?token=/,
      ),
    });
    expect(sent[0]!.text).toContain(recoveryUrl(session.id));
    const [mail] = await remindersTo(email);
    expect(mail).toMatchObject({ status: 'sent' });
    expect(JSON.stringify(mail)).not.toContain(recoveryUrl(session.id));
    expect(JSON.stringify(mail)).not.toContain('token=');
  });

  it.each([
    ['consent refused', { consent: 'opt_out' as const }, 'no-consent'],
    ['consent not asked', { consent: null }, 'no-consent'],
    ['no address typed', { email: null }, 'no-email'],
  ])('queues nothing with %s', async (_, fields, reason) => {
    const email = address();
    const session = await stored();
    expect(await expire(session, { email, ...fields })).toMatchObject({
      status: 'expired',
      reminder: reason,
    });
    expect(await remindersTo(email)).toEqual([]);
    expect(await stripe.db.select().from(checkoutReminders)).toEqual([]);
  });

  it('queues one reminder for a replayed event, another event id and concurrent deliveries', async () => {
    const email = address();
    const session = await stored();
    await expire(session, { email });
    // The same event again: a duplicate.
    expect(await expire(session, { email })).toMatchObject({ duplicate: true });
    // The same expiry under another event id, and three at once.
    expect(await expire(session, { email }, 'evt_other_id')).toMatchObject({
      reminder: 'already-decided',
    });
    await Promise.all(
      ['evt_a', 'evt_b', 'evt_c'].map((id) =>
        stripe.deliver(expiredEvent(session, { email }, `${id}_${session.id}`)),
      ),
    );
    expect(await remindersTo(email)).toHaveLength(1);
  });

  it('queues nothing when the buyer paid in another session meanwhile', async () => {
    const email = address();
    const paid = await stored();
    await stripe.deliver(
      stripeEvent(
        `evt_paid_${paid.id}`,
        'checkout.session.completed',
        paidCheckoutSession(paid, {
          customer_details: { email, name: 'Grace Hopper' },
          payment_intent: `pi_${paid.id}`,
        }),
        Math.floor(Date.now() / 1000),
      ),
    );
    const abandoned = await stored();
    await stripe.db
      .update(checkoutSessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(checkoutSessions.id, abandoned.id));
    expect(await expire(abandoned, { email })).toMatchObject({ reminder: 'paid' });
    expect((await remindersTo(email)).filter((m) => m.kind === 'checkout.reminder')).toEqual([]);
  });

  it('queues nothing when the address was reminded in the last 7 days', async () => {
    const email = address();
    await expire(await stored(), { email });
    expect(await expire(await stored(), { email: email.toUpperCase() })).toMatchObject({
      reminder: 'reminded-recently',
    });
    expect(await remindersTo(email)).toHaveLength(1);
  });

  it('reminds again after the 7 days', async () => {
    const email = address();
    await expire(await stored(), { email });
    await stripe.db
      .update(checkoutReminders)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) });
    expect(await expire(await stored(), { email })).toMatchObject({ reminder: 'queued' });
  });

  it('queues nothing for an address that unsubscribed', async () => {
    const email = address();
    await expire(await stored(), { email });
    const [mail] = await remindersTo(email);
    const token = /token=([\w.]+)/.exec(openedText(mail!))![1]!;
    expect(await unsubscribe(stripe.db, token)).toBe(true);
    const [optOut] = await stripe.db.select().from(reminderOptOuts);
    // Only the address's keyed hash is kept.
    expect(optOut).toMatchObject({ addressHash: await reminderAddressHash(stripe.db, email) });
    await stripe.db.delete(checkoutReminders);
    expect(await expire(await stored(), { email })).toMatchObject({ reminder: 'unsubscribed' });
  });

  it('queues none past the day’s cap across the site, and the overview counts what it held back', async () => {
    expect(REMINDERS_PER_DAY).toBe(200);
    // The day's reminders but one were queued already (today's count, and tomorrow's should the
    // test cross midnight).
    const now = Date.now();
    for (const at of [now, now + 86_400_000])
      await hit(stripe.db, REMINDER_DAILY_CAP_KEY, REMINDER_DAILY_CAP, new Date(at), 199);
    const last = address();
    expect(await expire(await stored(), { email: last })).toMatchObject({ reminder: 'queued' });

    const email = address();
    const held = await stored();
    expect(await expire(held, { email })).toMatchObject({
      status: 'expired',
      reminder: 'daily-cap',
    });
    expect(await remindersTo(email)).toEqual([]);
    // Its decision stands: the same expiry again queues nothing, even once the day is over.
    await reset(stripe.db, REMINDER_DAILY_CAP_KEY);
    expect(await expire(held, { email }, 'evt_again')).toMatchObject({
      reminder: 'already-decided',
    });
    expect(await remindersTo(email)).toEqual([]);
    const weeks = (await getOverview(stripe.db)).recoveryByWeek;
    expect(weeks.reduce((sum, w) => sum + w.remindersCapped, 0)).toBe(1);
    expect(weeks.reduce((sum, w) => sum + w.remindersSent, 0)).toBe(0);

    // Held back is not reminded: the address's next abandoned checkout gets its reminder.
    expect(await expire(await stored(), { email })).toMatchObject({ reminder: 'queued' });
    expect(await remindersTo(email)).toHaveLength(1);
  });

  it('ignores a session this site never stored', async () => {
    const res = await stripe.deliver(expiredEvent({ id: 'cs_test_unknown', amount: 100 }, {}));
    expect(await res.json()).toMatchObject({ received: true, ignored: true });
  });

  it('refuses an unsigned expiry event', async () => {
    const session = await stored();
    const res = await stripe.deliver(expiredEvent(session, { email: address() }), null);
    expect(res.status).toBe(400);
  });
});

describe('a recovered checkout', () => {
  /** The recovery link's new session, completed and paid (Stripe's `recovered_from`). */
  function recoveredPaid(
    original: { id: string; amount: number },
    id: string,
    email: string,
    amount = original.amount,
  ) {
    return stripeEvent(
      `evt_completed_${id}`,
      'checkout.session.completed',
      paidCheckoutSession(
        { id, amount },
        {
          customer: 'cus_recovered',
          customer_details: { email, name: 'Grace Hopper' },
          payment_intent: `pi_${id}`,
          recovered_from: original.id,
          consent: { promotions: 'opt_in' },
        },
      ),
      Math.floor(Date.now() / 1000),
    );
  }

  it('is fulfilled once as the same order, marked recovered, and its reminder withdrawn', async () => {
    const email = address();
    const original = await stored();
    await expire(original, { email });
    const id = `cs_test_recovered_${counter}`;
    const first = await stripe.deliver(recoveredPaid(original, id, email));
    expect(await first.json()).toMatchObject({ status: 'paid' });
    // Redelivered, and under another id for the same session: still one order.
    await stripe.deliver(recoveredPaid(original, id, email));
    const again = recoveredPaid(original, id, email).replace(`evt_completed_${id}`, `evt_x_${id}`);
    await stripe.deliver(again);

    const placed = await stripe.db.select().from(orders).where(eq(orders.checkoutSessionId, id));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      recoveredFrom: original.id,
      productId: 'starter',
      amount: original.amount,
      status: 'paid',
      customerEmail: email,
    });
    // The copy of the original session: same lines, recoveredFrom set, complete.
    const [copy] = await stripe.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, id));
    expect(copy).toMatchObject({
      status: 'complete',
      recoveredFrom: original.id,
      provider: 'stripe',
    });
    // The same e-mails as any order: the confirmation (with its onboarding links).
    const mails = await remindersTo(email);
    expect(mails.map((m) => [m.kind, m.status]).sort()).toEqual([
      ['checkout.reminder', 'canceled'],
      ['order-confirmation', expect.any(String)],
    ]);
    const [reminder] = await stripe.db
      .select()
      .from(checkoutReminders)
      .where(eq(checkoutReminders.checkoutSessionId, original.id));
    expect(reminder!.canceledAt).not.toBeNull();
    // Its hour comes: the confirmation goes out, the withdrawn reminder never does.
    const sent: string[] = [];
    await deliverDue(stripe.db, {
      transport: { sendMail: async (m) => void sent.push(m.subject) },
      now: new Date(Date.now() + 2 * REMINDER_DELAY_MS),
    });
    expect(sent.some((s) => s.includes('is waiting for you'))).toBe(false);
  });

  it('keeps the amount Stripe charged (a promotion code on the recovered session)', async () => {
    const email = address();
    const original = await stored();
    await expire(original, { email });
    const id = `cs_test_discounted_${counter}`;
    await stripe.deliver(recoveredPaid(original, id, email, original.amount - 10_000));
    const [order] = await stripe.db.select().from(orders).where(eq(orders.checkoutSessionId, id));
    expect(order).toMatchObject({ amount: original.amount - 10_000, recoveredFrom: original.id });
  });

  it('withdraws a pending reminder when the buyer pays in any session first, but never a sent one', async () => {
    const email = address();
    const original = await stored();
    await expire(original, { email });
    const [mail] = await remindersTo(email);
    await stripe.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(emailOutbox.id, mail!.id));
    await stripe.deliver(recoveredPaid(original, `cs_test_after_sent_${counter}`, email));
    const [after] = await stripe.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail!.id));
    expect(after!.status).toBe('sent');
  });

  it('is found by the success page (which asks Stripe, given the original’s reference) before the webhook, and fulfilled once', async () => {
    const email = address();
    const original = await stored();
    await expire(original, { email });
    const id = `cs_test_successFirst${counter}`;
    const asked: string[] = [];
    const provider: PaymentProvider = {
      name: 'stripe',
      createCheckout: async () => ({ id, url: '' }),
      retrieveSession: async ({ id: asking }) => {
        asked.push(asking);
        return {
          ...fromStripeSession(
            JSON.parse(recoveredPaid(original, id, email)).data.object as Stripe.Checkout.Session,
          ),
        };
      },
    };
    // Without the reference its success URL carries, Stripe is not even asked.
    const guessed = await fulfillCheckout(id, { db: stripe.db, provider, orderFirst: true });
    expect(guessed).toEqual({ state: 'not_found' });
    expect(asked).toEqual([]);
    // Another expired checkout's reference: Stripe says it came from elsewhere, nothing adopted.
    const other = await stored();
    await expire(other, { email: address() });
    const misled = await fulfillCheckout(id, {
      db: stripe.db,
      provider,
      orderFirst: true,
      successRef: successRefOf(other.id),
    });
    expect(misled).toEqual({ state: 'not_found' });
    asked.length = 0;

    const first = await fulfillCheckout(id, {
      db: stripe.db,
      provider,
      orderFirst: true,
      successRef: successRefOf(original.id),
    });
    expect(first).toMatchObject({ state: 'fulfilled', created: true });
    expect(asked).toEqual([id]);
    // The webhook arrives later: the same order.
    await stripe.deliver(recoveredPaid(original, id, email));
    const placed = await stripe.db.select().from(orders).where(eq(orders.checkoutSessionId, id));
    expect(placed).toHaveLength(1);
    expect(placed[0]!.recoveredFrom).toBe(original.id);
  });

  it('is not ours when the session it was recovered from is unknown', async () => {
    const res = await stripe.deliver(
      recoveredPaid({ id: 'cs_test_never_stored', amount: 100 }, 'cs_test_orphan', address()),
    );
    expect(await res.json()).toMatchObject({ received: true, ignored: true });
    expect(
      await stripe.db.select().from(orders).where(eq(orders.checkoutSessionId, 'cs_test_orphan')),
    ).toEqual([]);
  });
});
