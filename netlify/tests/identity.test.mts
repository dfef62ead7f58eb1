/**
 * Client identity, written as an attacker's requests against the real functions (in-memory
 * database, simulated payments): taking over a client by typing their e-mail at checkout or
 * on the test endpoint, replaying the success URL, keeping a copied cookie after sign-out,
 * forging a cookie with a known secret, and signing a victim in with a planted link.
 */
import { routed } from '../../src/testing/requests.ts';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../../src/server/mail/delivery.ts';
import { SENT_SECRET_PLACEHOLDER } from '../../src/server/mail/sealed.ts';
import { openedText } from '../../src/testing/sent-mail.ts';
import {
  CHECKOUT_ATTEMPT_COOKIE,
  CHECKOUT_GRANT_WINDOW_SECONDS,
} from '../../src/features/checkout/checkout.server.ts';
import { CLIENT_SESSION_COOKIE } from '../../src/features/clients/client-sessions.server.ts';
import { consumeMagicLink, createMagicLink } from '../../src/features/clients/clients.server.ts';
import {
  LINK_EMAIL_NEEDED,
  LINK_EMAIL_WRONG,
  MAGIC_LINK_INVALID,
  maskEmail,
} from '../../src/features/clients/clients.ts';
import {
  BUSINESS_INFO,
  createClientWithOrder,
  getRequest,
  jsonRequest,
} from '../../src/testing/onboarding-fixtures.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import {
  checkoutSessions,
  clients,
  emailOutbox,
  orderItems,
  orders,
} from '../../src/server/db/schema.ts';
import billingPortal from '../functions/billing-portal.mts';
import * as checkoutSessionFn from '../functions/checkout-session.mts';
import dashboardData from '../functions/dashboard-data.mts';
import * as downloadFn from '../functions/download.mts';
import * as ghlStatusFn from '../functions/gohighlevel-status.mts';
import magicPreview from '../functions/magic-link-preview.mts';
import magicVerify from '../functions/magic-link-verify.mts';
import signOut from '../functions/magic-link-signout.mts';
import signOutEverywhere from '../functions/magic-link-signout-everywhere.mts';
import businessInfo from '../functions/onboarding-business-info.mts';
import * as onboardingStateFn from '../functions/onboarding-state.mts';
import * as ordersModule from '../functions/orders.mts';
import mockOrder from '../functions/test-create-mock-order.mts';
import { Browser, buyWith, ORIGIN } from './browser.ts';

const checkoutSession = routed(checkoutSessionFn);
const download = routed(downloadFn);
const ordersFn = routed(ordersModule);
const ghlStatus = routed(ghlStatusFn);
const onboardingState = routed(onboardingStateFn);

let db: Db;

beforeAll(async () => {
  db = await useFreshTestDb();
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.GHL_API_KEY;
});
afterAll(() => closeDb());

type Lookup = {
  session: { customer_details: { name: string | null; email: string | null } };
  order: { id: number; customerEmail: string; access: string; items: { id: number }[] };
};

async function lookup(browser: Browser, sessionId: string) {
  const res = await browser.call(checkoutSession, `/api/checkout-session/${sessionId}`);
  expect(res.status).toBe(200);
  return { res, body: (await res.json()) as Lookup };
}

/** The sign-in token in the first order confirmation e-mailed to `email`. */
async function confirmationToken(email: string) {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, 'order-confirmation'))
    .orderBy(emailOutbox.id)
    .then((rows) => rows.filter((r) => r.to.toLowerCase() === email));
  return /token=([\w-]+)/.exec(openedText(mail!))![1]!;
}

/** A new browser signing in with the link of the order confirmation e-mailed to `email`. */
async function signInByConfirmation(email: string) {
  const token = await confirmationToken(email);
  const owner = new Browser();
  const signedIn = await owner.call(magicVerify, '/api/auth/magic', { body: { token, email } });
  return { owner, signedIn };
}

/** A proven client with a paid, onboarded order: the attacker's target. */
async function victim() {
  const { client, order } = await createClientWithOrder(db, { stripeCustomerId: 'cus_victim' });
  await businessInfo(
    jsonRequest(
      '/api/onboarding/business-info',
      { orderId: order.id, data: BUSINESS_INFO },
      client.id,
    ),
    {},
  );
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { client, order, itemId: item!.id };
}

describe('finding 1: typing an existing client’s e-mail at checkout', () => {
  it('grants the paying browser only the order it paid, nothing of the client', async () => {
    const target = await victim();
    const mallory = new Browser();
    const sessionId = await buyWith(mallory, target.client.email.toUpperCase());
    const { body } = await lookup(mallory, sessionId);
    expect(body.order.access).toBe('buyer');

    // The new order waits for the address to be proven; the victim's client is untouched.
    const [bought] = await db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(bought!.clientId).toBeNull();

    const dashboard = (await (await mallory.call(dashboardData, '/api/dashboard')).json()) as {
      client: { id: number | null; email: string };
      wholeAccount: boolean;
      orders: { id: number }[];
    };
    expect(dashboard.wholeAccount).toBe(false);
    expect(dashboard.client.id).toBeNull();
    expect(dashboard.orders.map((o) => o.id)).toEqual([body.order.id]);

    // Before: 200 with the victim's answers, PDFs, CRM status and Stripe portal.
    expect(
      (await mallory.call(onboardingState, `/api/onboarding/state/${target.order.id}`)).status,
    ).toBe(404);
    expect(
      (
        await mallory.call(businessInfo, '/api/onboarding/business-info', {
          body: { orderId: target.order.id, data: BUSINESS_INFO },
        })
      ).status,
    ).toBe(404);
    expect((await mallory.call(download, `/api/download/${target.itemId}`)).status).toBe(404);
    expect(
      (await mallory.call(ghlStatus, `/api/gohighlevel/status/${target.client.id}`)).status,
    ).toBe(403);
    expect(
      (await mallory.call(billingPortal, '/api/billing-portal', { method: 'POST' })).status,
    ).toBe(403);
    const [after] = await db.select().from(clients).where(eq(clients.id, target.client.id));
    expect(after!.stripeCustomerId).toBe('cus_victim');
  });

  it('joins the order once the owner of the address uses the e-mailed sign-in link', async () => {
    const target = await victim();
    const buyer = new Browser();
    const sessionId = await buyWith(buyer, target.client.email, 'Ada Lovelace');
    const { body } = await lookup(buyer, sessionId);

    const { owner, signedIn } = await signInByConfirmation(target.client.email);
    expect(signedIn.status).toBe(200);

    const [joined] = await db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(joined!.clientId).toBe(target.client.id);
    const dashboard = (await (await owner.call(dashboardData, '/api/dashboard')).json()) as {
      wholeAccount: boolean;
      orders: { id: number }[];
    };
    expect(dashboard.wholeAccount).toBe(true);
    expect(dashboard.orders.map((o) => o.id).sort()).toEqual(
      [target.order.id, body.order.id].sort(),
    );
  });

  it('the test endpoint follows the same rule', async () => {
    const target = await victim();
    const mallory = new Browser();
    const res = await mallory.call(mockOrder, '/api/test/create-mock-order', {
      body: { productId: 'starter', customerEmail: target.client.email },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { orderId: number; clientId: number | null };
    expect(created.clientId).toBeNull();
    expect(
      (await mallory.call(onboardingState, `/api/onboarding/state/${created.orderId}`)).status,
    ).toBe(200);
    expect(
      (await mallory.call(onboardingState, `/api/onboarding/state/${target.order.id}`)).status,
    ).toBe(404);
    expect((await mallory.call(download, `/api/download/${target.itemId}`)).status).toBe(404);
    expect(
      (await mallory.call(ghlStatus, `/api/gohighlevel/status/${target.client.id}`)).status,
    ).toBe(403);
  });
});

describe('finding 2: the success URL is not a login', () => {
  it('signs in only the browser that paid, once', async () => {
    const buyer = new Browser();
    const sessionId = await buyWith(buyer, `buyer.${Date.now()}@example.com`, 'Ada Buyer');
    const first = await lookup(buyer, sessionId);
    expect(first.res.headers.get('set-cookie')).toMatch(new RegExp(`^${CLIENT_SESSION_COOKIE}=`));
    expect(first.body.session.customer_details.name).toBe('Ada Buyer');

    // Another browser with the same URL (history, a pasted link, a screenshot).
    const stranger = new Browser();
    const seen = await lookup(stranger, sessionId);
    expect(seen.res.headers.get('set-cookie')).toBeNull();
    expect(seen.body.order).toMatchObject({
      access: 'public',
      customerEmail: '',
      customerName: '',
    });
    expect(seen.body.session.customer_details).toEqual({ name: null, email: null });
    expect((await (await stranger.call(dashboardData, '/api/dashboard')).json()).client).toBeNull();
    expect(
      (await stranger.call(download, `/api/download/${seen.body.order.items[0]!.id}`)).status,
    ).toBe(403);

    // Even a copy of the attempt cookie gets nothing once the grant is used.
    const copy = new Browser();
    copy.keep(
      new Response(null, {
        headers: {
          'set-cookie': `${CHECKOUT_ATTEMPT_COOKIE}=${/checkout_attempt=([\w-]+)/.exec(buyer.cookie)![1]}`,
        },
      }),
    );
    expect((await lookup(copy, sessionId)).res.headers.get('set-cookie')).toBeNull();

    // The paying browser itself stays signed in to it.
    const again = await lookup(buyer, sessionId);
    expect(again.body.order.access).toBe('buyer');
  });

  it('grants nothing after the window, even to the browser that paid', async () => {
    const buyer = new Browser();
    const sessionId = await buyWith(buyer, `late.${Date.now()}@example.com`);
    const past = new Date(Date.now() - (CHECKOUT_GRANT_WINDOW_SECONDS + 60) * 1000);
    await db
      .update(checkoutSessions)
      .set({ completedAt: past })
      .where(eq(checkoutSessions.id, sessionId));
    const late = await lookup(buyer, sessionId);
    expect(late.res.headers.get('set-cookie')).toBeNull();
    expect(late.body.order.access).toBe('public');
  });

  it('the payment reference lookup follows the same rule', async () => {
    const buyer = new Browser();
    const sessionId = await buyWith(buyer, `pi.${Date.now()}@example.com`);
    const [session] = await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId));
    const stranger = new Browser();
    const res = await stranger.call(ordersFn, `/api/orders/${session!.paymentIntentId}`);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(((await res.json()) as { order: { access: string } }).order.access).toBe('public');
    const mine = await buyer.call(ordersFn, `/api/orders/${session!.paymentIntentId}`);
    expect(mine.headers.get('set-cookie')).toMatch(new RegExp(`^${CLIENT_SESSION_COOKIE}=`));
  });
});

describe('finding 3: a cookie forged with the old published secret', () => {
  it('is no session', async () => {
    const target = await victim();
    const secret = 'local-development-session-secret-not-for-production';
    const body = Buffer.from(JSON.stringify({ c: target.client.id, e: 9_999_999_999 })).toString(
      'base64url',
    );
    const forged = `${CLIENT_SESSION_COOKIE}=${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    const res = await dashboardData(
      getRequest('/api/dashboard', undefined, { cookie: forged }),
      {},
    );
    expect(await res.json()).toEqual({ client: null });
  });
});

describe('finding 4: signing out ends the session', () => {
  it('a copy of the cookie taken before sign-out stops working', async () => {
    const buyer = new Browser();
    await lookup(buyer, await buyWith(buyer, `signout.${Date.now()}@example.com`));
    const copy = buyer.cookie;
    expect((await buyer.call(signOut, '/api/auth/signout', { method: 'POST' })).status).toBe(200);
    const res = await dashboardData(getRequest('/api/dashboard', undefined, { cookie: copy }), {});
    expect(await res.json()).toEqual({ client: null });
  });

  it('"sign out everywhere" ends the client’s other sessions', async () => {
    const { client } = await createClientWithOrder(db);
    const laptop = getRequest('/api/dashboard', client.id);
    const other = new Browser();
    other.keep(new Response(null, { headers: { 'set-cookie': laptop.headers.get('cookie')! } }));
    expect(
      (await other.call(signOutEverywhere, '/api/auth/signout-everywhere', { method: 'POST' }))
        .status,
    ).toBe(200);
    const res = await dashboardData(getRequest('/api/dashboard', client.id), {});
    expect(await res.json()).toEqual({ client: null });
  });
});

describe('third round, finding 1: a copy of the e-mail outbox signs nobody in', () => {
  it('no word of a buyer’s stored e-mails is a usable token; the e-mail as sent is', async () => {
    const email = `outbox.copy.${Date.now()}@example.com`;
    const buyer = new Browser();
    await lookup(buyer, await buyWith(buyer, email, 'Ada Lovelace'));
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const confirmation = rows.find((r) => r.kind === 'order-confirmation');
    expect(confirmation).toBeDefined();
    // Before: the confirmation's 7-day link was in the table, and it signed a stranger in.
    const words = new Set(
      rows.flatMap((r) => `${r.subject} ${r.text} ${r.html}`.match(/[\w-]{20,}/g) ?? []),
    );
    expect(words.size).toBeGreaterThan(0);
    for (const word of words) {
      const stranger = new Browser();
      const res = await stranger.call(magicVerify, '/api/auth/magic', { body: { token: word } });
      expect(res.status, word).not.toBe(200);
    }
    // What the outbox hands to SMTP carries the working link.
    const token = /token=([\w-]+)/.exec(openedText(confirmation!))![1]!;
    const recipient = new Browser();
    const signedIn = await recipient.call(magicVerify, '/api/auth/magic', {
      body: { token, email },
    });
    expect(signedIn.status).toBe(200);
  });

  it('keeps no link in an e-mail once it is sent', async () => {
    const email = `outbox.sent.${Date.now()}@example.com`;
    const buyer = new Browser();
    await lookup(buyer, await buyWith(buyer, email, 'Ada Lovelace'));
    const sent: string[] = [];
    const transport = { sendMail: async (m: { text: string }) => void sent.push(m.text) };
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    await deliverDue(db, { transport, ids: [row!.id], from: 'shop@example.com' });
    expect(sent[0]).toMatch(/token=[\w-]{43}\b/);
    const [stored] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(stored!.status).toBe('sent');
    expect(stored!.text).toContain(`token=${SENT_SECRET_PLACEHOLDER}`);
    expect(`${stored!.text}${stored!.html}`).not.toMatch(/sealed\d\.|secret-[\w-]{22}/);
    expect(stored!.secrets).toEqual({});
  });
});

describe('third round, finding 2: a signed-in browser never silently becomes another account', () => {
  it('keeps its account until the page asked "Switch to …?" and the person agreed', async () => {
    const { client: mine } = await createClientWithOrder(db);
    const { client: theirs } = await createClientWithOrder(db);
    const planted = await createMagicLink(db, theirs.id);
    const browser = Browser.signedInAs(mine.id);
    const preview = await browser.call(magicPreview, '/api/auth/magic/preview', {
      body: { token: planted.token },
    });
    expect(await preview.json()).toMatchObject({
      state: 'ready',
      account: maskEmail(theirs.email),
      current: maskEmail(mine.email),
      askEmail: true,
    });
    // Before: the POST replaced the browser's session with the other account's.
    const silent = await browser.call(magicVerify, '/api/auth/magic', {
      body: { token: planted.token },
    });
    expect(silent.status).toBe(409);
    expect(silent.headers.get('set-cookie')).toBeNull();
    const still = (await (await browser.call(dashboardData, '/api/dashboard')).json()) as {
      client: { id: number };
    };
    expect(still.client.id).toBe(mine.id);
    // The link was not used up; the agreed switch works.
    const agreed = await browser.call(magicVerify, '/api/auth/magic', {
      body: { token: planted.token, switchAccount: true, email: theirs.email },
    });
    expect(agreed.status).toBe(200);
    const now = (await (await browser.call(dashboardData, '/api/dashboard')).json()) as {
      client: { id: number };
    };
    expect(now.client.id).toBe(theirs.id);
  });
});

describe('third round, finding 2: an order e-mail’s link outside its account asks for the address', () => {
  async function orderLink() {
    const email = `order.link.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    const buyer = new Browser();
    await lookup(buyer, await buyWith(buyer, email, 'Ada Lovelace'));
    return { buyer, email, token: await confirmationToken(email) };
  }

  it('signs another browser in only with the full address it was sent to', async () => {
    const { email, token } = await orderLink();
    const stranger = new Browser();
    const preview = await stranger.call(magicPreview, '/api/auth/magic/preview', {
      body: { token },
    });
    expect(await preview.json()).toEqual({
      state: 'ready',
      account: maskEmail(email),
      askEmail: true,
    });
    // Before: the token alone signed any browser in to the whole account.
    const bare = await stranger.call(magicVerify, '/api/auth/magic', { body: { token } });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({ error: LINK_EMAIL_NEEDED });
    // A look-alike behind the same mask is refused.
    const lookalike = email.replace('@example.com', '@example.co');
    const wrong = await stranger.call(magicVerify, '/api/auth/magic', {
      body: { token, email: lookalike },
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: LINK_EMAIL_WRONG });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const right = await stranger.call(magicVerify, '/api/auth/magic', {
      body: { token, email: `  ${email.toUpperCase()} ` },
    });
    expect(right.status).toBe(200);
  });

  it('asks nothing of the browser that paid; five wrong addresses end the link', async () => {
    const first = await orderLink();
    const paid = await first.buyer.call(magicPreview, '/api/auth/magic/preview', {
      body: { token: first.token },
    });
    expect(await paid.json()).not.toHaveProperty('askEmail');
    expect(
      (await first.buyer.call(magicVerify, '/api/auth/magic', { body: { token: first.token } }))
        .status,
    ).toBe(200);

    const second = await orderLink();
    const guesser = new Browser();
    for (let i = 0; i < 5; i++) {
      const res = await guesser.call(magicVerify, '/api/auth/magic', {
        body: { token: second.token, email: `guess${i}@example.com` },
      });
      expect(res.status).toBe(403);
    }
    const late = await new Browser().call(magicVerify, '/api/auth/magic', {
      body: { token: second.token, email: second.email },
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: MAGIC_LINK_INVALID });
  });
});

describe('third round, finding 7: the payment customer attached when an address is proven', () => {
  /** A purchase in a new browser whose order has a payment customer, as Stripe's would. */
  async function paidWithCustomer() {
    const email = `customer.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    const buyer = new Browser();
    const { body } = await lookup(buyer, await buyWith(buyer, email, 'Ada Lovelace'));
    const [order] = await db
      .update(orders)
      .set({ stripeCustomerId: `cus_${body.order.id}` })
      .where(eq(orders.id, body.order.id))
      .returning();
    const clientId = order!.clientId!;
    const customer = async () =>
      (await db.select().from(clients).where(eq(clients.id, clientId)))[0]!.stripeCustomerId;
    return { buyer, email, clientId, customer, expected: order!.stripeCustomerId };
  }

  it('comes only from an order the proving browser paid for', async () => {
    const elsewhere = await paidWithCustomer();
    const link = await createMagicLink(db, elsewhere.clientId);
    const other = await new Browser().call(magicVerify, '/api/auth/magic', {
      body: { token: link.token, email: elsewhere.email },
    });
    expect(other.status).toBe(200);
    // Before: another browser proving the address took the buyer's customer (card, address).
    expect(await elsewhere.customer()).toBeNull();

    const here = await paidWithCustomer();
    const own = await createMagicLink(db, here.clientId);
    const signedIn = await here.buyer.call(magicVerify, '/api/auth/magic', {
      body: { token: own.token },
    });
    expect(signedIn.status).toBe(200);
    expect(await here.customer()).toBe(here.expected);
  });
});

describe('third round, finding 5: "sign out everywhere" and the links already sent', () => {
  it('ends every unused sign-in link of the account, and no other account’s', async () => {
    const { client } = await createClientWithOrder(db);
    const { client: bystander } = await createClientWithOrder(db);
    const sent = [
      await createMagicLink(db, client.id),
      await createMagicLink(db, client.id, { ttlSeconds: 15 * 60 }),
    ];
    const theirs = await createMagicLink(db, bystander.id);
    const laptop = Browser.signedInAs(client.id);
    const res = await laptop.call(signOutEverywhere, '/api/auth/signout-everywhere', {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    // Before: both links still signed a browser in after "sign out everywhere".
    for (const link of sent) expect(await consumeMagicLink(db, link.token, null)).toBeNull();
    expect(await consumeMagicLink(db, theirs.token, null)).toEqual({ clientId: bystander.id });
  });
});

describe('second round, finding 2: "sign out everywhere" and order sessions', () => {
  it('ends the session of a browser that paid with the address, whose order joined later', async () => {
    const target = await victim();
    // Another computer pays with the client's address: an order session without a client.
    const other = new Browser();
    const sessionId = await buyWith(other, target.client.email, 'Ada Lovelace');
    const { body } = await lookup(other, sessionId);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, body.order.id));

    // The client signs in with the link of the order's confirmation: the order joins the account.
    const { owner, signedIn } = await signInByConfirmation(target.client.email);
    expect(signedIn.status).toBe(200);
    expect(
      (await other.call(onboardingState, `/api/onboarding/state/${body.order.id}`)).status,
    ).toBe(200);

    const ended = await owner.call(signOutEverywhere, '/api/auth/signout-everywhere', {
      method: 'POST',
    });
    expect(ended.status).toBe(200);
    // Before: the other computer still read the dashboard, the onboarding state and the receipt.
    expect(await (await other.call(dashboardData, '/api/dashboard')).json()).toEqual({
      client: null,
    });
    expect(
      (await other.call(onboardingState, `/api/onboarding/state/${body.order.id}`)).status,
    ).toBe(403);
    expect((await other.call(download, `/api/download/${item!.id}`)).status).toBe(403);
    expect(await (await owner.call(dashboardData, '/api/dashboard')).json()).toEqual({
      client: null,
    });
  });
});

describe('finding 6: login CSRF', () => {
  it('a planted GET link signs nobody in, and only a same-origin POST uses a token', async () => {
    const opened = await magicVerify(new Request(`${ORIGIN}/api/auth/magic?token=anything`), {});
    expect(opened.status).toBe(303);
    expect(opened.headers.get('set-cookie')).toBeNull();
    const crossSite = await magicVerify(
      new Request(`${ORIGIN}/api/auth/magic`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'anything' }),
      }),
      {},
    );
    expect(crossSite.status).toBe(403);
    const fetchSite = await magicVerify(
      new Request(`${ORIGIN}/api/auth/magic`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'anything' }),
      }),
      {},
    );
    expect(fetchSite.status).toBe(403);
  });
});
