/**
 * Requests about one's data from the dashboard, on a fresh database: the owner's idempotent
 * request and its 30-day due date, the team's e-mail, the admin's completion and the client's
 * e-mail, the export download window, the erasure that runs before the request is completed and
 * the notice queued (kept open with the reason when it fails), and the notice that outlives the
 * erasure only until it is sent.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientAccess } from '../clients/clients.server';
import { closeDb, type Db } from '../../server/db/client';
import { clients, emailOutbox, privacyRequests, securityLog } from '../../server/db/schema';
import type { CustomerEraser } from '../../server/payments/customers';
import { readEnv } from '../../server/env';
import { HttpError } from '../../server/responses';
import { deliverDue } from '../../server/mail/delivery';
import { BODY_REMOVED, ERASURE_NOTICE_KIND, RECIPIENT_ERASED } from '../../server/mail/outbox';
import type { MailTransport } from '../../server/mail/smtp-transport';
import { memoryLogoStore } from '../../server/uploads/logo';
import { createClientWithOrder } from '../../testing/onboarding-fixtures';
import { useFreshTestDb } from '../../testing/test-db';
import {
  completePrivacyRequest,
  openPrivacyRequests,
  privacyRequestsOf,
  requestPrivacyAction,
} from './privacy-requests.server';
import {
  askForPrivacyAction,
  exportOwnData,
  finishPrivacyRequest,
  privacyRequestsForClient,
} from './privacy.server';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(NOW.getTime() + days * DAY);

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const wholeAccount = (clientId: number): ClientAccess => ({
  tokenHash: 'test',
  clientId,
  wholeAccount: true,
  orderIds: [],
  clientProven: true,
});

async function newClient(email: string) {
  const [row] = await db.insert(clients).values({ email, name: 'Ada Lovelace' }).returning();
  return row!;
}

const emailsTo = (to: string) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.id);

/** A transport that records what it sends, or refuses everything. */
function transport(refuse = false): MailTransport & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    async sendMail(message) {
      if (refuse) throw Object.assign(new Error('mailbox unavailable'), { responseCode: 450 });
      sent.push(`${message.to}: ${message.subject}`);
    },
  };
}

const statusOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof HttpError ? error.status : error;
};

describe('the owner of privacy_requests', () => {
  it('records a request due in 30 days, and answers the open one instead of a second', async () => {
    const client = await newClient('owner-one@example.com');
    const input = {
      clientId: client.id,
      email: ' Owner-One@Example.com ',
      kind: 'export' as const,
    };
    const first = await requestPrivacyAction(db, input, NOW);
    expect(first.created).toBe(true);
    expect(first.request).toMatchObject({
      email: 'owner-one@example.com',
      requestedAt: NOW,
      dueAt: later(30),
      completedAt: null,
    });
    const again = await requestPrivacyAction(db, input, later(1));
    expect(again).toEqual({ request: first.request, created: false });

    // Two presses at once make one request; another kind is its own.
    const both = await Promise.all([
      requestPrivacyAction(db, { ...input, kind: 'erase' }, NOW),
      requestPrivacyAction(db, { ...input, kind: 'erase' }, NOW),
    ]);
    expect(both.filter((r) => r.created)).toHaveLength(1);
    expect(both[0]!.request.id).toBe(both[1]!.request.id);
    expect(await privacyRequestsOf(db, client.id)).toHaveLength(2);

    // Once completed, asking again is a new request.
    const done = await completePrivacyRequest(
      db,
      first.request.id,
      { adminUsername: 'owner' },
      NOW,
    );
    expect(done).toMatchObject({ completedAt: NOW, completedBy: 'owner' });
    expect(await completePrivacyRequest(db, first.request.id, { adminUsername: 'x' })).toBeNull();
    const next = await requestPrivacyAction(db, input, later(2));
    expect(next.created).toBe(true);
    expect(next.request.id).not.toBe(first.request.id);
  });

  it('lists the open requests for the admin, the one due first first', async () => {
    const a = await newClient('owner-a@example.com');
    const b = await newClient('owner-b@example.com');
    const late = await requestPrivacyAction(
      db,
      { clientId: a.id, email: a.email, kind: 'erase' },
      later(-1),
    );
    const early = await requestPrivacyAction(
      db,
      { clientId: b.id, email: b.email, kind: 'erase' },
      later(-9),
    );
    const open = await openPrivacyRequests(db);
    expect(open.every((r) => r.completedAt === null)).toBe(true);
    const ids = open.map((r) => r.id);
    expect(ids.indexOf(early.request.id)).toBeLessThan(ids.indexOf(late.request.id));
    expect(open.find((r) => r.id === early.request.id)!.dueAt).toEqual(later(21));
  });
});

describe('asking from the dashboard', () => {
  it('needs the whole account: 401 without a session, 403 for one that only paid', async () => {
    expect(await statusOf(askForPrivacyAction(db, null, 'export'))).toBe(401);
    const paidOnly = { ...wholeAccount(1), wholeAccount: false };
    expect(await statusOf(askForPrivacyAction(db, paidOnly, 'erase'))).toBe(403);
    expect(await statusOf(privacyRequestsForClient(db, null))).toBe(401);
    expect(await statusOf(exportOwnData(db, paidOnly))).toBe(403);
  });

  it('records the request and e-mails the team its number, the address and the due date, once', async () => {
    const client = await newClient('asker@example.com');
    const access = wholeAccount(client.id);
    const asked = await askForPrivacyAction(db, access, 'erase', NOW);
    expect(asked).toMatchObject({
      created: true,
      request: {
        kind: 'erase',
        requestedAt: NOW.toISOString(),
        dueAt: later(30).toISOString(),
        completedAt: null,
        downloadUntil: null,
      },
    });
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, asked.emailIds[0]!));
    expect(mail).toMatchObject({
      kind: 'privacy.team',
      to: readEnv().teamEmail,
      status: 'pending',
    });
    expect(mail!.subject).toBe(
      `Privacy request #${asked.request.id}: account erasure, due December 27, 2026`,
    );
    expect(mail!.text).toContain('Ada Lovelace <asker@example.com>');
    expect(mail!.text).toContain('Due: December 27, 2026');

    const again = await askForPrivacyAction(db, access, 'erase', later(3));
    expect(again).toEqual({ request: asked.request, created: false, emailIds: [] });
    expect(await privacyRequestsForClient(db, access, NOW)).toEqual({ requests: [asked.request] });
  });
});

describe('an export, answered', () => {
  it('is e-mailed to the client and can be downloaded for 30 days after', async () => {
    const { client } = await createClientWithOrder(db, { email: 'exporter@example.com' });
    const access = wholeAccount(client.id);
    const store = memoryLogoStore();
    const { request } = await askForPrivacyAction(db, access, 'export', NOW);
    expect(await statusOf(exportOwnData(db, access, { logoStore: store, now: NOW }))).toBe(403);

    const done = later(2);
    const finished = await finishPrivacyRequest(db, request.id, { adminUsername: 'owner' }, done);
    expect(finished.request).toMatchObject({ completedAt: done, completedBy: 'owner' });
    const [mail] = await emailsTo('exporter@example.com');
    expect(mail).toMatchObject({ kind: 'privacy.export-ready', id: finished.emailIds[0] });
    expect(mail!.text).toContain(
      'your data is ready: sign in to your dashboard and press Download my data.',
    );
    expect(mail!.text).toContain('The download works until December 29, 2026.');
    expect(await statusOf(finishPrivacyRequest(db, request.id, { adminUsername: 'x' }))).toBe(409);
    expect(await statusOf(finishPrivacyRequest(db, 999_999, { adminUsername: 'x' }))).toBe(404);

    const { requests } = await privacyRequestsForClient(db, access, later(3));
    expect(requests).toEqual([
      expect.objectContaining({ id: request.id, downloadUntil: later(32).toISOString() }),
    ]);
    const file = await exportOwnData(db, access, {
      logoStore: store,
      ip: '203.0.113.9',
      now: later(3),
    });
    expect(file.filename).toBe('personal-data-2026-11-30.json');
    const data = JSON.parse(file.body) as { email: string; tables: Record<string, unknown[]> };
    expect(data.email).toBe('exporter@example.com');
    expect(Object.keys(data.tables)).toEqual(
      expect.arrayContaining(['clients', 'orders', 'privacy_requests', 'email_outbox']),
    );
    const [logged] = await db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'person.exported'));
    expect(logged).toMatchObject({ ip: '203.0.113.9', detail: { via: 'client' } });

    // 30 days after the answer the download is over, and the dashboard no longer offers it.
    expect(await statusOf(exportOwnData(db, access, { logoStore: store, now: later(33) }))).toBe(
      403,
    );
    expect(await privacyRequestsForClient(db, access, later(33))).toEqual({ requests: [] });
  });
});

describe('an erasure, answered', () => {
  /** Every row of the tables an erasure touches, as text. */
  async function rowsNaming(address: string) {
    const found: string[] = [];
    for (const table of ['email_outbox', 'privacy_requests', 'clients', 'orders']) {
      const { rows } = (await db.execute(
        sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
      )) as unknown as { rows: { row: string }[] };
      found.push(...rows.map((r) => r.row).filter((row) => row.includes(address)));
    }
    return found;
  }

  /** A logo store that cannot be reached while `down` is set. */
  function flakyStore() {
    const store = memoryLogoStore();
    const state = { down: true };
    const list: typeof store.list = (options) =>
      state.down ? Promise.reject(new Error('Blobs unreachable')) : store.list(options);
    return { state, store: { ...store, list } };
  }

  it('erases first; then the request is completed and the notice queued; once sent nothing of them stays', async () => {
    const { client } = await createClientWithOrder(db, { email: 'leaver@example.com' });
    const { request } = await askForPrivacyAction(db, wholeAccount(client.id), 'erase', NOW);

    const finished = await finishPrivacyRequest(
      db,
      request.id,
      { adminUsername: 'owner', logoStore: memoryLogoStore() },
      later(1),
    );

    expect(finished.erased).toMatchObject({ counts: { clients: 1, orders: 1 }, skipped: [] });
    expect(finished.request).toMatchObject({
      id: request.id,
      email: '',
      clientId: null,
      completedAt: later(1),
      completedBy: 'owner',
      lastError: null,
    });
    // Only the notice is left: the team's e-mail, the account and the order's name are gone.
    expect(await rowsNaming('leaver@example.com')).toEqual([
      expect.stringContaining('"kind":"privacy.erased"'),
    ]);
    const [notice] = await emailsTo('leaver@example.com');
    expect(notice).toMatchObject({
      id: finished.emailIds[0],
      kind: ERASURE_NOTICE_KIND,
      subject: 'Your account and data were erased',
      status: 'pending',
    });
    expect(await statusOf(finishPrivacyRequest(db, request.id, { adminUsername: 'x' }))).toBe(409);

    const up = transport();
    await deliverDue(db, { transport: up, now: later(2), ids: [notice!.id] });
    expect(up.sent).toEqual(['leaver@example.com: Your account and data were erased']);
    const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, notice!.id));
    expect(sent).toMatchObject({
      status: 'sent',
      to: RECIPIENT_ERASED,
      text: BODY_REMOVED,
      html: BODY_REMOVED,
    });
    expect(await rowsNaming('leaver@example.com')).toEqual([]);
  });

  it('a failed erasure tells the client nothing and keeps the request open with the reason; answering again works', async () => {
    const { client } = await createClientWithOrder(db, {
      email: 'stuck@example.com',
      stripeCustomerId: 'cus_stuck',
    });
    const { request } = await askForPrivacyAction(db, wholeAccount(client.id), 'erase', NOW);
    const flaky = flakyStore();
    const stripeDown: CustomerEraser = {
      eraseCustomer: () => Promise.reject(new Error('Stripe is down')),
    };
    const stripeUp: CustomerEraser = { eraseCustomer: async () => 'deleted' };
    const answer = (reach: { stripe?: CustomerEraser }, at: Date) =>
      finishPrivacyRequest(
        db,
        request.id,
        { adminUsername: 'owner', logoStore: flaky.store, ...reach },
        at,
      );
    const stillThere = async (lastError: string, at: Date) => {
      const [row] = await db
        .select()
        .from(privacyRequests)
        .where(eq(privacyRequests.id, request.id));
      expect(row).toMatchObject({ completedAt: null, lastError, lastAttemptAt: at });
      expect((await openPrivacyRequests(db)).map((r) => r.id)).toContain(request.id);
      expect(await emailsTo('stuck@example.com')).toEqual([]);
      expect(await db.$count(clients, eq(clients.id, client.id))).toBe(1);
    };

    // No Stripe client for a person with a Stripe customer: refused before anything is erased.
    const refused = await answer({}, later(1)).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409 });
    expect((refused as Error).message).toBe(
      'Cannot reach Stripe; nothing was erased. The request stays open and the client was told nothing: answer it again once that is fixed.',
    );
    await stillThere('Cannot reach Stripe; nothing was erased.', later(1));

    const stripeFailed = await answer({ stripe: stripeDown }, later(2)).catch((e: unknown) => e);
    expect(stripeFailed).toMatchObject({ status: 502 });
    await stillThere('Stripe refused to delete the customer: Stripe is down', later(2));

    const blobsFailed = await answer({ stripe: stripeUp }, later(3)).catch((e: unknown) => e);
    expect(blobsFailed).toMatchObject({ status: 502 });
    await stillThere('The logo store failed: Blobs unreachable', later(3));

    flaky.state.down = false;
    const done = await answer({ stripe: stripeUp }, later(4));
    expect(done.request).toMatchObject({
      completedAt: later(4),
      completedBy: 'owner',
      lastError: null,
    });
    expect(done.erased!.counts).toMatchObject({ clients: 1, stripe_customers: 1, logos: 0 });
    expect(await emailsTo('stuck@example.com')).toEqual([
      expect.objectContaining({ id: done.emailIds[0], kind: ERASURE_NOTICE_KIND }),
    ]);
    expect(await db.$count(clients, eq(clients.id, client.id))).toBe(0);
  });
});
