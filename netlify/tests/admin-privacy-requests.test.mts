/**
 * The admin's answers to clients' requests, through their function: the open list with the
 * reason a failed answer gave; an erasure that runs before the request is completed and the
 * client told (Stripe refusing, or Blobs unreachable, leaves the request open, the data in
 * place and the client uninformed; answering again once the cause is gone erases, completes and
 * sends the notice once); the client's CRM account deleted with the rest (Demo Mode), or left by
 * the admin's explicit choice as a to-do they mark deleted. The service tests are in
 * src/features/privacy/privacy-requests.server.test.ts and erasure.server.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestPrivacyAction } from '../../src/features/privacy/privacy-requests.server.ts';
import { STEP_UP_REQUIRED } from '../../src/lib/admin-auth.ts';
import { deletedDemoLocations, SimulatedCrm } from '../../src/server/crm/simulated.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { clients, emailOutbox } from '../../src/server/db/schema.ts';
import { ERASURE_NOTICE_KIND } from '../../src/server/mail/outbox.ts';
import { memoryLogoStore, setLogoStore, type LogoStore } from '../../src/server/uploads/logo.ts';
import { adminRequest, seedAdmin, verifiedSession } from '../../src/testing/admin-seed.ts';
import { createClientWithOrder } from '../../src/testing/onboarding-fixtures.ts';
import { routed } from '../../src/testing/requests.ts';
import { startTestSmtp, type TestSmtp } from '../../src/testing/smtp-peer.ts';
import { startStripeStandIn, type StandIn } from '../../src/testing/stripe-stand-in.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import * as peopleFn from '../functions/admin-people.mts';
import * as requestsFn from '../functions/admin-privacy-requests.mts';

let db: Db;
let stripe: StandIn;
let smtp: TestSmtp;
/** The work each answer left for after it (the notice's delivery), as Netlify awaits it. */
let later: Promise<unknown>[] = [];

beforeAll(async () => {
  stripe = await startStripeStandIn();
  smtp = await startTestSmtp();
});
beforeEach(async () => {
  db = await useFreshTestDb();
  setLogoStore(memoryLogoStore());
  vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_standin');
  vi.stubEnv('STRIPE_API_HOST', stripe.url);
  vi.stubEnv('SMTP_URL', smtp.url);
  vi.stubEnv('GHL_API_KEY', '');
  smtp.received.length = 0;
  later = [];
});
afterEach(() => vi.unstubAllEnvs());
afterAll(async () => {
  setLogoStore(undefined);
  await Promise.all([stripe.close(), smtp.close()]);
  await closeDb();
});

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const fn = path.startsWith('/api/admin/people') ? peopleFn : requestsFn;
  const res = await routed(fn)(
    adminRequest(method, path, { cookie, ...(body === undefined ? {} : { body }) }),
    { ip: '192.0.2.9', waitUntil: (p: Promise<unknown>) => later.push(p) },
  );
  await Promise.all(later);
  return { status: res.status, body: JSON.parse(await res.text()) };
}

type Listed = {
  requests: { id: number; kind: string; email: string; lastError: string | null }[];
  crmLeft: { id: number; locationIds: string[]; erasedBy: string | null }[];
};
const list = async (cookie: string) =>
  (await call(cookie, 'GET', '/api/admin/privacy-requests')).body as Listed;

const answer = (cookie: string, id: number, leave: string[] = []) =>
  call(cookie, 'POST', `/api/admin/privacy-requests/${id}/answer`, { leave });

/** A client who asked to be erased, with the admin who answers. */
async function erasureAsked(options: { stripeCustomerId?: string } = {}) {
  const admin = await seedAdmin(db);
  const { client, order } = await createClientWithOrder(db, options);
  const { request } = await requestPrivacyAction(db, {
    clientId: client.id,
    email: client.email,
    kind: 'erase',
  });
  return { cookie: await admin.cookie(), admin, client, order, request };
}

const clientExists = async (id: number) => (await db.$count(clients, eq(clients.id, id))) === 1;
const mailTo = (address: string) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.to, address));

/** Whatever the logo store is asked while `down`, it cannot be reached. */
function flakyLogoStore(): LogoStore & { down: boolean } {
  const store = memoryLogoStore();
  const unreachable = () => Promise.reject(new Error('Netlify Blobs unreachable'));
  const flaky = {
    down: true,
    set: store.set,
    getWithMetadata: store.getWithMetadata,
    list: (options: { prefix: string }) => (flaky.down ? unreachable() : store.list(options)),
    delete: (key: string) => (flaky.down ? unreachable() : store.delete(key)),
  };
  return flaky;
}

describe('/api/admin/privacy-requests', () => {
  it('lists the open requests with their due date; answers only after a recent second factor', async () => {
    const { cookie, admin, client, request } = await erasureAsked();
    await requestPrivacyAction(db, { clientId: client.id, email: client.email, kind: 'export' });
    const listed = await list(cookie);
    expect(listed.requests.map((r) => r.kind).sort()).toEqual(['erase', 'export']);
    expect(listed.requests.every((r) => r.lastError === null)).toBe(true);
    expect(listed.crmLeft).toEqual([]);

    const stale = `__Host-admin_session=${await verifiedSession(db, admin.id, 11 * 60_000)}`;
    const refused = await answer(stale, request.id);
    expect(refused).toEqual({ status: 403, body: { error: STEP_UP_REQUIRED } });

    const exportRequest = listed.requests.find((r) => r.kind === 'export')!;
    expect((await answer(cookie, exportRequest.id)).body).toEqual({ kind: 'export', erased: null });
    expect((await mailTo(client.email)).map((m) => m.kind)).toEqual(['privacy.export-ready']);
    expect((await answer(cookie, 999_999)).status).toBe(404);
  });

  it('leaves everything as it was when Stripe refuses; answering again erases, completes and tells once', async () => {
    const { cookie, client, request } = await erasureAsked({ stripeCustomerId: 'cus_refused' });
    stripe.customers.add('cus_refused');
    stripe.refusedDeletions.add('cus_refused');

    const failed = await answer(cookie, request.id);

    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe(
      'Stripe refused to delete the customer: stand-in: deletion refused. The request stays open and the client was told nothing: answer it again once that is fixed.',
    );
    const open = (await list(cookie)).requests.find((r) => r.id === request.id);
    expect(open?.lastError).toBe(
      'Stripe refused to delete the customer: stand-in: deletion refused',
    );
    expect(await clientExists(client.id)).toBe(true);
    expect(await mailTo(client.email)).toEqual([]);
    expect(smtp.received).toEqual([]);

    stripe.refusedDeletions.delete('cus_refused');
    const done = await answer(cookie, request.id);

    expect(done.status).toBe(200);
    expect(done.body.erased.counts).toMatchObject({ clients: 1, stripe_customers: 1 });
    expect(stripe.customers.has('cus_refused')).toBe(false);
    expect(await clientExists(client.id)).toBe(false);
    expect((await list(cookie)).requests).toEqual([]);
    expect(smtp.received.map((m) => [m.to[0], m.mail.subject])).toEqual([
      [client.email, 'Your account and data were erased'],
    ]);
    expect((await answer(cookie, request.id)).status).toBe(409);
    expect(smtp.received).toHaveLength(1);
  });

  it('leaves everything as it was when the logo store is unreachable; answering again works', async () => {
    const { cookie, client, request } = await erasureAsked();
    const logos = flakyLogoStore();
    setLogoStore(logos);

    const failed = await answer(cookie, request.id);

    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/^The logo store failed: Netlify Blobs unreachable\. /);
    const open = (await list(cookie)).requests.find((r) => r.id === request.id);
    expect(open?.lastError).toBe('The logo store failed: Netlify Blobs unreachable');
    expect(await clientExists(client.id)).toBe(true);
    expect(await mailTo(client.email)).toEqual([]);
    expect(smtp.received).toEqual([]);

    logos.down = false;
    const done = await answer(cookie, request.id);

    expect(done.status).toBe(200);
    expect(await clientExists(client.id)).toBe(false);
    expect((await list(cookie)).requests).toEqual([]);
    expect(smtp.received.map((m) => m.to[0])).toEqual([client.email]);
    const [notice] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, ERASURE_NOTICE_KIND));
    expect(notice).toMatchObject({ status: 'sent', to: '[erased]' });
  });

  it('deletes the client’s Demo Mode CRM account with the rest', async () => {
    const { cookie, client, request } = await erasureAsked();
    const account = await new SimulatedCrm({ secret: 'any' }).createClientAccount({
      businessName: 'Acme Bakery',
      contactName: client.name,
      email: client.email,
    });
    await db
      .update(clients)
      .set({ ghlLocationId: account.locationId, ghlUserId: account.userId })
      .where(eq(clients.id, client.id));

    const done = await answer(cookie, request.id);

    expect(done.status).toBe(200);
    expect(done.body.erased).toMatchObject({ skipped: [], crmLeft: [] });
    expect(done.body.erased.counts.crm_accounts).toBe(1);
    expect(deletedDemoLocations()).toContain(account.locationId);
    expect((await list(cookie)).crmLeft).toEqual([]);
  });

  it('leaves a CRM account it cannot reach only when the admin says so, as a to-do they mark deleted', async () => {
    const { cookie, admin, client, request } = await erasureAsked();
    await db
      .update(clients)
      .set({ ghlLocationId: 'LOCreal9', ghlUserId: 'USRreal9' })
      .where(eq(clients.id, client.id));

    // Demo Mode cannot delete a real GoHighLevel sub-account.
    const refused = await answer(cookie, request.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^Cannot reach GoHighLevel; nothing was erased\. /);
    expect((await list(cookie)).requests[0]?.lastError).toBe(
      'Cannot reach GoHighLevel; nothing was erased.',
    );
    expect(await clientExists(client.id)).toBe(true);
    expect(smtp.received).toEqual([]);

    const left = await answer(cookie, request.id, ['crm']);
    expect(left.status).toBe(200);
    expect(left.body.erased).toMatchObject({ skipped: ['crm'], crmLeft: ['LOCreal9'] });
    expect(await clientExists(client.id)).toBe(false);
    expect(smtp.received.map((m) => m.to[0])).toEqual([client.email]);
    const listed = await list(cookie);
    expect(listed.requests).toEqual([]);
    expect(listed.crmLeft).toEqual([
      expect.objectContaining({
        id: request.id,
        locationIds: ['LOCreal9'],
        erasedBy: admin.username,
      }),
    ]);

    const deleted = await call(
      cookie,
      'POST',
      `/api/admin/privacy-requests/${request.id}/crm-deleted`,
    );
    expect(deleted).toEqual({ status: 200, body: { done: true } });
    expect((await list(cookie)).crmLeft).toEqual([]);
    const again = await call(
      cookie,
      'POST',
      `/api/admin/privacy-requests/${request.id}/crm-deleted`,
    );
    expect(again.status).toBe(404);
    expect((await answer(cookie, request.id, ['everything'])).status).toBe(400);
  });

  it('the person view’s erasure deletes the CRM account too', async () => {
    const admin = await seedAdmin(db);
    const { client } = await createClientWithOrder(db);
    const account = await new SimulatedCrm({ secret: 'any' }).createClientAccount({
      businessName: 'Acme Bakery',
      contactName: client.name,
      email: client.email,
    });
    await db
      .update(clients)
      .set({ ghlLocationId: account.locationId })
      .where(eq(clients.id, client.id));
    const erased = await call(await admin.cookie(), 'POST', '/api/admin/people/erase', {
      email: client.email,
      confirm: client.email,
    });
    expect(erased.status).toBe(200);
    expect(erased.body.counts).toMatchObject({ clients: 1, crm_accounts: 1 });
    expect(deletedDemoLocations()).toContain(account.locationId);
  });
});
