/**
 * The simulated provider's abandoned checkout, through the functions a browser calls: "Let it
 * expire" on the test payment page (POST /api/simulated-checkout, action=expire) runs the same
 * expiry as Stripe's event, with a recovery link on this site (GET /api/checkout-recover); the
 * link opens a copy of the cart, reusable until paid; paying it makes one order, marked
 * recovered, with the attempt's browser signed in; a second payment of the attempt is refused;
 * and the admin overview counts the week's abandoned checkouts, reminders sent and recoveries.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery } from '../../src/features/admin/shell/list.server.ts';
import { listOrders } from '../../src/features/admin/orders/orders.server.ts';
import { getOverview } from '../../src/features/admin/overview/overview.server.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { checkoutSessions, emailOutbox, orders } from '../../src/server/db/schema.ts';
import { deliverDue } from '../../src/server/mail/delivery.ts';
import { openedText } from '../../src/testing/sent-mail.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import { routed } from '../../src/testing/requests.ts';
import * as checkoutSessionFn from '../functions/checkout-session.mts';
import checkoutRecover from '../functions/checkout-recover.mts';
import createCheckoutSession from '../functions/create-checkout-session.mts';
import simulatedCheckout from '../functions/simulated-checkout.mts';

const ORIGIN = 'http://localhost:4321';
const checkoutSession = routed(checkoutSessionFn);
let db: Db;
let ip = 0;

beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? '';
const sessionOf = (location: string | null) =>
  new URL(location ?? '', ORIGIN).searchParams.get('session') ?? '';

async function start() {
  const started = await createCheckoutSession(
    new Request(`${ORIGIN}/api/create-checkout-session`, {
      method: 'POST',
      body: JSON.stringify({
        items: [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
        success_url: `${ORIGIN}/checkout/success`,
        cancel_url: `${ORIGIN}/checkout`,
      }),
      headers: { 'content-type': 'application/json', origin: ORIGIN },
    }),
    {},
  );
  const { url } = (await started.json()) as { url: string };
  return { id: sessionOf(url), cookie: cookieOf(started) };
}

const press = (fields: Record<string, string>) =>
  simulatedCheckout(
    new Request(`${ORIGIN}/api/simulated-checkout`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { origin: ORIGIN },
    }),
    {},
  );

const recover = (link: string) =>
  checkoutRecover(new Request(new URL(link, ORIGIN)), { ip: `10.7.0.${++ip}` });

const remindersTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe('Let it expire, and the recovery link', () => {
  it('queues the reminder, and the link leads to one recovered order', async () => {
    const email = 'grace@example.com';
    const { id, cookie } = await start();
    const expired = await press({
      session: id,
      action: 'expire',
      name: 'Grace Hopper',
      email: 'Grace@Example.com',
      promotions: 'opt_in',
    });
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe(`/pay/simulated?session=${id}`);
    const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row).toMatchObject({
      status: 'expired',
      customerEmail: email,
      customerName: 'Grace Hopper',
      promotionsConsent: 'opt_in',
    });
    // Replayed: one reminder.
    await press({ session: id, action: 'expire', email, promotions: 'opt_in' });
    const [reminder, ...more] = await remindersTo(email);
    expect(more).toEqual([]);
    const link = /Complete your order: (\S+)/.exec(openedText(reminder!))![1]!;
    expect(link).toBe(`${ORIGIN}/api/checkout-recover?session=${id}`);

    // The link opens a copy in a new session, the same one again until it is paid.
    const opened = await recover(link);
    expect(opened.status).toBe(303);
    const recoveredId = sessionOf(opened.headers.get('location'));
    expect(recoveredId).toMatch(/^sim_cs_/);
    expect(recoveredId).not.toBe(id);
    expect(sessionOf((await recover(link)).headers.get('location'))).toBe(recoveredId);
    const [copy] = await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, recoveredId));
    expect(copy).toMatchObject({
      status: 'open',
      recoveredFrom: id,
      lines: row!.lines,
      amountTotalCents: row!.amountTotalCents,
      attemptHash: row!.attemptHash,
    });

    const paid = await press({ session: recoveredId, action: 'pay', name: 'Grace Hopper', email });
    expect(paid.headers.get('location')).toContain(`session_id=${recoveredId}`);
    const placed = await db.select().from(orders).where(eq(orders.customerEmail, email));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ checkoutSessionId: recoveredId, recoveredFrom: id });
    // Paid before its hour: the reminder is withdrawn and never leaves.
    const sent: string[] = [];
    await deliverDue(db, {
      transport: { sendMail: async (m) => void sent.push(m.subject) },
      now: new Date(Date.now() + 2 * 60 * 60 * 1000),
    });
    expect(sent.filter((s) => s.includes('waiting'))).toEqual([]);
    expect((await remindersTo(email)).find((m) => m.kind === 'checkout.reminder')?.status).toBe(
      'canceled',
    );

    // The browser that started the checkout is signed in to the recovered order.
    const lookup = await checkoutSession(
      new Request(`${ORIGIN}/api/checkout-session/${recoveredId}`, { headers: { cookie } }),
      {},
    );
    const view = (await lookup.json()) as { order: { access: string; id: number } };
    expect(view.order).toMatchObject({ access: 'buyer', id: placed[0]!.id });

    // Once paid, the link answers the expired session's page, and the attempt cannot be paid
    // twice (another session opened before the payment is refused).
    expect((await recover(link)).headers.get('location')).toBe(`/pay/simulated?session=${id}`);
    await db
      .insert(checkoutSessions)
      .values({ ...copy!, id: 'sim_cs_second_copy', status: 'open' });
    await press({ session: 'sim_cs_second_copy', action: 'pay', name: 'Grace Hopper', email });
    expect(await db.select().from(orders).where(eq(orders.customerEmail, email))).toHaveLength(1);

    // The admin overview's figures for this week.
    const week = (await getOverview(db)).recoveryByWeek.at(-1);
    expect(week).toMatchObject({
      abandoned: 1,
      remindersSent: 0,
      recoveredOrders: 1,
      recoveredCents: 100_000,
    });
    // The admin's order list marks it recovered.
    const listed = await listOrders(
      db,
      parseListQuery('orders', new URLSearchParams({ q: email })),
      { size: 10 },
    );
    expect(listed.rows.map((o) => [o.id, o.recovered])).toEqual([[placed[0]!.id, true]]);
  });

  it('queues nothing without the tick, and the link still recovers', async () => {
    const email = 'noconsent@example.com';
    const { id } = await start();
    await press({ session: id, action: 'expire', name: 'Ada', email });
    expect(await remindersTo(email)).toEqual([]);
    const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row).toMatchObject({ status: 'expired', promotionsConsent: 'opt_out' });
  });

  it('counts a reminder that went out in the week it was sent', async () => {
    const email = 'sent@example.com';
    const { id } = await start();
    await press({ session: id, action: 'expire', email, promotions: 'opt_in' });
    await deliverDue(db, {
      transport: { sendMail: async () => undefined },
      now: new Date(Date.now() + 61 * 60 * 1000),
    });
    expect((await remindersTo(email))[0]).toMatchObject({ status: 'sent' });
    expect((await getOverview(db)).recoveryByWeek.at(-1)).toMatchObject({
      abandoned: 3,
      remindersSent: 1,
    });
  });

  it('answers a link to an unknown session with 404 JSON, never a 5xx', async () => {
    const res = await recover('/api/checkout-recover?session=sim_cs_nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
  });
});
