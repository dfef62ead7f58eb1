/**
 * Client dashboard endpoints: everything scoped to the signed-in client (403 for another
 * account's id), Demo-Mode GoHighLevel status and link, magic-link sign-in, billing portal.
 */
import { routed } from '../../src/testing/requests.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openedText } from '../../src/testing/sent-mail.ts';
import {
  createClientWithOrder,
  getRequest,
  jsonRequest,
} from '../../src/testing/onboarding-fixtures.ts';
import {
  billingPortalUrl,
  BILLING_SIMULATED,
} from '../../src/features/dashboard/billing.server.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import {
  clients,
  emailOutbox,
  magicLinks,
  orders,
  rateLimitHits,
} from '../../src/server/db/schema.ts';
import { connectCrm } from '../../src/features/dashboard/dashboard.server.ts';
import { CrmError, type CrmClient } from '../../src/server/crm/crm.ts';
import { CONFIRM_TO_CONNECT, SIGN_IN_SENT } from '../../src/features/clients/clients.ts';
import { readEnv } from '../../src/server/env.ts';
import {
  CLIENT_SESSION_COOKIE,
  readClientAccess,
  startClientSession,
} from '../../src/features/clients/client-sessions.server.ts';
import dashboardData from '../functions/dashboard-data.mts';
import * as ghlConnectFn from '../functions/gohighlevel-connect.mts';
import * as ghlDashboardFn from '../functions/gohighlevel-dashboard.mts';
import * as ghlStatusFn from '../functions/gohighlevel-status.mts';
import magicRequest from '../functions/magic-link-request.mts';
import magicPreview from '../functions/magic-link-preview.mts';
import magicVerify from '../functions/magic-link-verify.mts';
import signOut from '../functions/magic-link-signout.mts';
import { onboard, onboardWithCookie } from './onboarding-steps.ts';

const ghlStatus = routed(ghlStatusFn);
const ghlDashboard = routed(ghlDashboardFn);
const ghlConnect = routed(ghlConnectFn);

let db: Db;

beforeAll(async () => {
  db = await useFreshTestDb();
  delete process.env.GHL_API_KEY;
  delete process.env.STRIPE_SECRET_KEY;
});
afterAll(() => closeDb());

describe('GET /api/dashboard', () => {
  it('lists only the signed-in client’s orders with their onboarding status', async () => {
    const { client, order } = await createClientWithOrder(db);
    const { order: foreign } = await createClientWithOrder(db);
    const before = await (await dashboardData(getRequest('/api/dashboard', client.id), {})).json();
    expect(before.client).toEqual({ id: client.id, name: 'Ada Lovelace', email: client.email });
    expect(before.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect(before.orders[0].onboarding).toEqual({
      status: 'not-started',
      stepsSaved: 0,
      totalSteps: 3,
      path: `/onboarding-starter/${order.id}`,
    });
    expect(before.orders.map((o: { id: number }) => o.id)).not.toContain(foreign.id);

    await onboard(order.id, client.id);
    const after = await (await dashboardData(getRequest('/api/dashboard', client.id), {})).json();
    expect(after.orders[0].onboarding).toMatchObject({ status: 'completed', stepsSaved: 3 });
    expect(after.orders[0].amountCents).toBe(order.amount);
    expect(after.billing).toEqual({ hasSubscription: false, simulated: true });
  });

  it('says nobody is signed in (200, no error for the console) without a session', async () => {
    const res = await dashboardData(getRequest('/api/dashboard'), {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ client: null });
  });
});

describe('GoHighLevel endpoints', () => {
  it('report not linked, then linked after onboarding, with a Demo Mode dashboard link', async () => {
    const { client, order } = await createClientWithOrder(db);
    const status = await ghlStatus(
      getRequest(`/api/gohighlevel/status/${client.id}`, client.id),
      {},
    );
    expect(await status.json()).toEqual({ isLinked: false, simulated: true, locationId: null });
    expect(
      (await ghlDashboard(getRequest(`/api/gohighlevel/dashboard/${client.id}`, client.id), {}))
        .status,
    ).toBe(404);

    await onboard(order.id, client.id);
    const linked = await (
      await ghlStatus(getRequest(`/api/gohighlevel/status/${client.id}`, client.id), {})
    ).json();
    expect(linked).toMatchObject({ isLinked: true, simulated: true });
    const link = await (
      await ghlDashboard(getRequest(`/api/gohighlevel/dashboard/${client.id}`, client.id), {})
    ).json();
    expect(link.dashboardUrl).toBe(`/dashboard/demo-portal?location=${linked.locationId}`);
  });

  it('answer 403 for another client’s id or without a session', async () => {
    const { client } = await createClientWithOrder(db);
    const { client: other } = await createClientWithOrder(db);
    for (const fn of [ghlStatus, ghlDashboard]) {
      const path = fn === ghlStatus ? 'status' : 'dashboard';
      expect(
        (await fn(getRequest(`/api/gohighlevel/${path}/${other.id}`, client.id), {})).status,
      ).toBe(403);
      expect((await fn(getRequest(`/api/gohighlevel/${path}/${client.id}`), {})).status).toBe(403);
      // The spec's fixed account id 1 is just another client's id here.
      if (client.id !== 1)
        expect((await fn(getRequest(`/api/gohighlevel/${path}/1`, client.id), {})).status).toBe(
          403,
        );
    }
    const connectOther = await ghlConnect(
      jsonRequest(`/api/gohighlevel/connect/${other.id}`, undefined, client.id),
      {},
    );
    expect(connectOther.status).toBe(403);
  });

  it('creates no CRM account for a browser that only paid: Connect and onboarding ask for the proof first', async () => {
    // A purchase with a new address: the client exists, nobody has proven the address.
    const { client, order } = await createClientWithOrder(db);
    await db.update(clients).set({ emailVerifiedAt: null }).where(eq(clients.id, client.id));
    const paidOnly = (
      await startClientSession(db, {
        clientId: client.id,
        wholeAccount: false,
        orderIds: [order.id],
      })
    ).split(';')[0]!;

    const asked = jsonRequest(`/api/gohighlevel/connect/${client.id}`, undefined);
    asked.headers.set('cookie', paidOnly);
    const connect = await ghlConnect(asked, {});
    expect(connect.status).toBe(403);
    expect(await connect.json()).toEqual({ error: CONFIRM_TO_CONNECT });

    await onboardWithCookie(order.id, paidOnly);
    const [row] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({ ghlLocationId: null, ghlUserId: null, crmClaimedAt: null });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
    expect(mails.filter((m) => m.kind === 'crm.account-ready')).toEqual([]);
    // Even asked directly, the service makes no account for an unproven address.
    await expect(connectCrm(db, client.id)).rejects.toMatchObject({
      status: 403,
      message: CONFIRM_TO_CONNECT,
    });
  });

  it('connects a client on request', async () => {
    const { client } = await createClientWithOrder(db);
    const res = await ghlConnect(
      jsonRequest(`/api/gohighlevel/connect/${client.id}`, undefined, client.id),
      {},
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ isLinked: true, created: true });
    const [row] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(row!.ghlLocationId).toMatch(/^demo-/);
  });
});

describe('GoHighLevel accounts, once and only on purpose', () => {
  /** A real-looking CRM that counts its calls and answers slowly, as a real API does. */
  function countingCrm() {
    const calls: string[] = [];
    const crm: CrmClient = {
      simulated: false,
      createClientAccount: async (input) => {
        calls.push(input.email);
        await new Promise((resolve) => setTimeout(resolve, 30));
        const locationId = `loc_${calls.length}_${Date.now()}`;
        return {
          locationId,
          userId: `user_${calls.length}`,
          tempPassword: 'Temp-Password-1!',
          dashboardUrl: `https://crm.example/${locationId}`,
          simulated: false,
        };
      },
      locationExists: async () => true,
      dashboardUrl: (id) => `https://crm.example/${id}`,
      deleteClientAccount: async () => 'deleted',
    };
    return { crm, calls };
  }

  it('five concurrent Connects make one CRM call and one login e-mail', async () => {
    const { client } = await createClientWithOrder(db);
    const { crm, calls } = countingCrm();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => connectCrm(db, client.id, crm)),
    );
    // Before: each call created a sub-account (four orphans, four e-mailed passwords).
    expect(calls).toHaveLength(1);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
    const ready = mails.filter((m) => m.kind === 'crm.account-ready');
    expect(ready).toHaveLength(1);
    expect(ready[0]!.text).not.toContain('Temp-Password-1!');
    // Linked now: a later Connect reuses the account.
    expect(await connectCrm(db, client.id, crm)).toMatchObject({ created: false });
    expect(calls).toHaveLength(1);
  });

  it('gives the claim back when the CRM fails, so the next Connect can try', async () => {
    const { client } = await createClientWithOrder(db);
    const failing: CrmClient = {
      ...countingCrm().crm,
      createClientAccount: () => Promise.reject(new CrmError('down', 503)),
    };
    await expect(connectCrm(db, client.id, failing)).rejects.toMatchObject({ status: 502 });
    const { crm, calls } = countingCrm();
    expect(await connectCrm(db, client.id, crm)).toMatchObject({ created: true });
    expect(calls).toHaveLength(1);
  });

  it('needs a paid order that was not refunded', async () => {
    const { client, order } = await createClientWithOrder(db);
    // A completed order counts as paid (the test-mode mock orders are completed).
    await db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
    expect(await connectCrm(db, client.id, countingCrm().crm)).toMatchObject({ created: true });
    await db.update(clients).set({ ghlLocationId: null }).where(eq(clients.id, client.id));
    await db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, order.id));
    const { crm, calls } = countingCrm();
    await expect(connectCrm(db, client.id, crm)).rejects.toMatchObject({ status: 403 });
    const res = await ghlConnect(
      jsonRequest(`/api/gohighlevel/connect/${client.id}`, undefined, client.id),
      {},
    );
    expect(res.status).toBe(403);
    expect(calls).toEqual([]);
  });
});

describe('magic-link sign-in', () => {
  /** The nonce cookie of each request's browser, to use its link in that browser. */
  let nonceCookie = '';
  /**
   * A request from visitor `ip` in a browser holding `cookie`; the work it leaves for after the
   * answer (`waitUntil`) is awaited, as Netlify keeps the function alive for it.
   */
  const request = async (email: string, ip: string, cookie = '') => {
    const later: Promise<unknown>[] = [];
    const res = await magicRequest(
      new Request('http://localhost/api/auth/magic-link', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ email }),
      }),
      { ip, waitUntil: (p: Promise<unknown>) => void later.push(p) },
    );
    await Promise.all(later);
    nonceCookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
    return res;
  };
  /** The dashboard's Sign in button in the browser holding `cookie`. */
  const verify = (token: string, cookie = nonceCookie) =>
    magicVerify(
      new Request('http://localhost/api/auth/magic', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', cookie },
        body: JSON.stringify({ token }),
      }),
      {},
    );

  it('e-mails a single-use link through the outbox for a known client only', async () => {
    const { client } = await createClientWithOrder(db);
    const res = await request(client.email.toUpperCase(), '10.1.0.1');
    expect(res.status).toBe(200);
    const asker = nonceCookie;
    const unknown = await request('nobody@example.com', '10.1.0.2');
    expect(await unknown.json()).toEqual(await res.json());
    // The same cookie for every address (a nonce only): the answer tells nothing.
    expect(unknown.headers.get('set-cookie')!.replace(/=[\w-]+;/, '=;')).toBe(
      res.headers.get('set-cookie')!.replace(/=[\w-]+;/, '=;'),
    );

    const mails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'dashboard.sign-in'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(client.email);
    const token = /token=([\w-]+)/.exec(openedText(mails[0]!))![1]!;
    const [stored] = await db.select().from(magicLinks).where(eq(magicLinks.clientId, client.id));
    expect(stored!.tokenHash).not.toBe(token);

    // Opening the link (GET) uses nothing up: it leads to the page with the Sign in button.
    const opened = await magicVerify(
      new Request(`http://localhost/api/auth/magic?token=${token}`),
      {},
    );
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/dashboard?token=${token}`);
    expect(opened.headers.get('set-cookie')).toBeNull();

    // The page names the account before anything is used, and refuses it in another browser.
    const preview = async (cookie: string) =>
      (
        await magicPreview(
          new Request('http://localhost/api/auth/magic/preview', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', cookie },
            body: JSON.stringify({ token }),
          }),
          {},
        )
      ).json();
    expect(await preview(asker)).toEqual({
      state: 'ready',
      account: `${client.email[0]}•••@example.com`,
    });
    expect(await preview(nonceCookie)).toEqual({ state: 'other-browser' });

    // Another browser (a forwarded link) is refused and uses nothing up.
    const elsewhere = await verify(token, nonceCookie);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get('set-cookie')).toBeNull();

    // The button's POST exchanges it for a whole-account session, once.
    const first = await verify(token, asker);
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toContain(`${CLIENT_SESSION_COOKIE}=`);
    expect(cookie).toContain('HttpOnly');
    const access = await readClientAccess(
      db,
      new Request('http://localhost/', { headers: { cookie: cookie.split(';')[0]! } }),
    );
    expect(access).toMatchObject({ clientId: client.id, wholeAccount: true, clientProven: true });

    const again = await verify(token, asker);
    expect(again.status).toBe(400);
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('exchanges a token by POST (used by the dashboard page) and refuses bad tokens', async () => {
    const { client } = await createClientWithOrder(db);
    await request(client.email, '10.1.0.3');
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
    const token = /token=([\w-]+)/.exec(openedText(mail!))![1]!;
    const ok = await verify(token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toContain(CLIENT_SESSION_COOKIE);
    expect((await verify(token)).status).toBe(400);
    expect((await verify('forged')).status).toBe(400);
  });

  it('never answers 429 for an address: past its limit, the same answer and no e-mail', async () => {
    expect((await request('not-an-email', '10.1.0.4')).status).toBe(400);
    const { client } = await createClientWithOrder(db);
    const sent = () =>
      db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, client.email))
        .then((rows) => rows.length);
    // Four strangers ask for the client's links (before: the client's own request got 429).
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await request(client.email, `10.1.1.${i}`));
    const own = await request(client.email, '10.1.1.9');
    for (const res of [...answers, own]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ sent: true, message: SIGN_IN_SENT });
    }
    expect(await sent()).toBe(3);
  });

  it('answers 429 to a visitor over its own limit, whatever the addresses', async () => {
    for (let i = 0; i < 10; i++)
      expect((await request(`someone${i}@example.com`, '10.1.2.1')).status).toBe(200);
    const limited = await request('another@example.com', '10.1.2.1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Its IPv6 neighbours in the same /64 are the same visitor.
    for (let i = 0; i < 10; i++)
      expect((await request(`v6-${i}@example.com`, `2001:db8:5:5::${i + 1}`)).status).toBe(200);
    expect((await request('v6-late@example.com', '2001:db8:5:5:ffff::1')).status).toBe(429);
  });

  it('keeps no address a stranger typed in the rate-limit table', async () => {
    await request(`typed-${Date.now()}@example.com`, '10.1.3.1');
    const keys = (await db.select().from(rateLimitHits)).map((r) => r.key);
    expect(keys.some((k) => k.includes('@'))).toBe(false);
  });

  it('signs out by clearing the cookie', async () => {
    const res = await signOut(jsonRequest('/api/auth/signout', undefined), {});
    expect(res.headers.get('set-cookie')).toContain('Max-Age=0');
  });
});

describe('billing portal', () => {
  it('explains that billing is simulated without Stripe', async () => {
    const { client } = await createClientWithOrder(db, { mode: 'subscription' });
    await expect(billingPortalUrl(db, client.id)).rejects.toMatchObject({
      status: 409,
      message: BILLING_SIMULATED,
    });
    const view = await (await dashboardData(getRequest('/api/dashboard', client.id), {})).json();
    expect(view.billing).toEqual({ hasSubscription: true, simulated: true });
  });

  it('opens a Stripe Billing Portal session for the client’s customer', async () => {
    const { client } = await createClientWithOrder(db, {
      mode: 'subscription',
      stripeCustomerId: 'cus_123',
    });
    const calls: unknown[] = [];
    const stripe = {
      billingPortal: {
        sessions: {
          create: async (params: { customer: string; return_url: string }) => {
            calls.push(params);
            return { url: 'https://billing.stripe.com/session/test_123' };
          },
        },
      },
    };
    const env = readEnv({ STRIPE_SECRET_KEY: 'sk_test_x', SITE_URL: 'https://shop.example' });
    expect(await billingPortalUrl(db, client.id, { env, stripe })).toBe(
      'https://billing.stripe.com/session/test_123',
    );
    expect(calls).toEqual([{ customer: 'cus_123', return_url: 'https://shop.example/dashboard' }]);

    // With the configuration `npm run stripe:setup` made, the portal opens with it.
    const configured = readEnv({
      STRIPE_SECRET_KEY: 'sk_test_x',
      SITE_URL: 'https://shop.example',
      STRIPE_PORTAL_CONFIGURATION: 'bpc_123',
    });
    await billingPortalUrl(db, client.id, { env: configured, stripe });
    expect(calls.at(-1)).toEqual({
      customer: 'cus_123',
      return_url: 'https://shop.example/dashboard',
      configuration: 'bpc_123',
    });
  });
});
