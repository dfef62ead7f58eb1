/**
 * The privacy feature over every owner of personal data, on a fresh database: the retention
 * rules with rows on both sides of each period, a person's export, and their erasure across
 * every table and the logo store.
 */
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalDataOwners } from '../../../scripts/lib/table-owners';
import * as purgeFunction from '../../../netlify/functions/privacy-purge.mts';
import { recordSecurityEvent } from '../../server/auth/security-log';
import { memoryExportStore, setExportStore } from '../../server/exports/export-files';
import { closeDb, type Db } from '../../server/db/client';
import {
  checkoutReminders,
  checkoutSessions,
  clientOnboardingSubmissions,
  clients,
  clientSessions,
  contactMessages,
  emailOutbox,
  magicLinks,
  meetingRequests,
  onboardingForms,
  orderItems,
  orders,
  privacyRequests,
  privacyRuns,
  rateLimitHits,
  reminderOptOuts,
  securityLog,
  subscribers,
  subscriptionPayments,
  subscriptions,
} from '../../server/db/schema';
import { BODY_REMOVED } from '../../server/mail/outbox';
import type { CustomerEraser } from '../../server/payments/customers';
import { memoryLogoStore, saveLogo, setLogoStore } from '../../server/uploads/logo';
import { privateDigest } from '../../server/tokens';
import { reminderAddressHash } from '../recovery/recovery.server';
import { TINY_PNG } from '../../testing/images';
import { seedOrder } from '../../testing/admin-seed';
import { useFreshTestDb } from '../../testing/test-db';
import {
  ErasureIncomplete,
  erasePerson,
  exportPerson,
  findPerson,
  lastPrivacyRun,
  purgeExpired,
} from './privacy.server';
import { PERSONAL_DATA_OWNERS } from './personal-data-owners.server';

// The clock's own time: rows seeded without a date get the database's now().
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);
const monthsAgo = (n: number) => {
  const at = new Date(NOW);
  at.setUTCMonth(at.getUTCMonth() - n);
  return at;
};

let seq = 0;

async function client(db: Db, email: string, values: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await db
    .insert(clients)
    .values({ email, name: `Client ${++seq}`, ...values })
    .returning();
  return row!;
}

/** An order without onboarding, as a real (not test) purchase. */
function order(db: Db, values: Partial<typeof orders.$inferInsert> = {}) {
  return seedOrder(db, { orderNumber: `NR-T-${++seq}`, isTest: false, ...values }, false);
}

async function form(db: Db, orderId: number, updatedAt: Date) {
  await db.insert(onboardingForms).values({
    orderId,
    businessInfo: { businessName: 'Analytical Engines', email: 'owner@example.com' },
    updatedAt,
    createdAt: updatedAt,
  });
}

async function plan(db: Db, id: string, values: Partial<typeof subscriptions.$inferInsert> = {}) {
  await db.insert(subscriptions).values({
    provider: 'stripe',
    providerSubscriptionId: id,
    providerCustomerId: `cus_${id}`,
    status: 'active',
    plan: 'Lily AI Sales Agent (monthly)',
    interval: 'month',
    amountCents: 9_700,
    lastEventAt: NOW,
    ...values,
  });
}

/** An order paid `months` ago, with its onboarding form last changed then. */
async function orderWithForm(
  db: Db,
  months: number,
  values: Partial<typeof orders.$inferInsert> = {},
) {
  const row = await order(db, {
    createdAt: monthsAgo(months),
    paidAt: monthsAgo(months),
    ...values,
  });
  await form(db, row.id, monthsAgo(months));
  return row;
}

const countRows = async (db: Db, table: PgTable) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('the retention rules', () => {
  let db: Db;
  const store = memoryLogoStore();
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    db = await useFreshTestDb();

    // Correspondence: 24 months after the last exchange with the address.
    await db.insert(contactMessages).values([
      { name: 'Old', email: 'old@example.com', message: 'hi', createdAt: monthsAgo(25) },
      { name: 'Recent', email: 'recent@example.com', message: 'hi', createdAt: monthsAgo(23) },
      {
        name: 'Answered',
        email: 'answered@example.com',
        message: 'hi',
        createdAt: monthsAgo(30),
        status: 'handled',
        handledAt: monthsAgo(1),
      },
      // Old, but the same person booked a meeting last month: the exchange goes on.
      { name: 'Booked', email: 'Booked@example.com', message: 'hi', createdAt: monthsAgo(30) },
    ]);
    const meeting = {
      phone: '',
      meetingType: 'project-planning',
      preferredDate: '2031-01-01',
      preferredTime: '9:30 AM',
      timezone: 'EST',
    };
    await db.insert(meetingRequests).values([
      {
        ...meeting,
        name: 'Old',
        email: 'old-meeting@example.com',
        createdAt: monthsAgo(26),
        updatedAt: monthsAgo(25),
      },
      {
        ...meeting,
        name: 'Booked',
        email: 'booked@example.com',
        createdAt: monthsAgo(1),
        updatedAt: monthsAgo(1),
      },
    ]);

    // Onboarding: 12 months after the client's last service ends.
    const ended = await client(db, 'ended@example.com');
    const endedOrder = await orderWithForm(db, 13, { clientId: ended.id });
    const served = await client(db, 'served@example.com');
    const servedOrder = await orderWithForm(db, 11, { clientId: served.id });
    // An old order of a client whose newer order is recent: the client is still served.
    await orderWithForm(db, 40, { clientId: served.id });
    const planning = await client(db, 'plan@example.com');
    await plan(db, 'sub_running');
    await orderWithForm(db, 36, {
      clientId: planning.id,
      stripeSubscriptionId: 'sub_running',
    });
    const cancelled = await client(db, 'cancelled@example.com');
    await plan(db, 'sub_ended', { status: 'canceled', endedAt: monthsAgo(13) });
    await orderWithForm(db, 30, {
      clientId: cancelled.id,
      stripeSubscriptionId: 'sub_ended',
    });
    await plan(db, 'sub_ended_lately', { status: 'canceled', endedAt: monthsAgo(2) });
    await orderWithForm(db, 30, { stripeSubscriptionId: 'sub_ended_lately' });
    Object.assign(ids, { endedOrder: endedOrder.id, servedOrder: servedOrder.id });
    for (const orderId of [endedOrder.id, servedOrder.id])
      await saveLogo(store, { orderId, clientId: null, bytes: TINY_PNG });

    const submission = {
      productId: 'starter',
      businessName: 'Engines',
      data: { notes: 'typed answers' },
    };
    await db.insert(clientOnboardingSubmissions).values([
      { ...submission, fullName: 'Nobody', email: 'nobody@example.com', createdAt: monthsAgo(13) },
      { ...submission, fullName: 'Served', email: 'served@example.com', createdAt: monthsAgo(13) },
      { ...submission, fullName: 'New', email: 'new@example.com', createdAt: monthsAgo(11) },
    ]);

    // Orders: seven years after the client's last service, anonymised; the account goes too.
    const gone = await client(db, 'gone@example.com', {
      createdAt: monthsAgo(97),
      stripeCustomerId: 'cus_gone',
    });
    await plan(db, 'sub_gone', { status: 'canceled', endedAt: monthsAgo(90) });
    ids.oldOrder = (
      await order(db, {
        clientId: gone.id,
        createdAt: monthsAgo(96),
        paidAt: monthsAgo(96),
        stripeCustomerId: 'cus_gone',
        stripeSubscriptionId: 'sub_gone',
        amount: 123_400,
      })
    ).id;
    const kept = await client(db, 'kept@example.com', { createdAt: monthsAgo(80) });
    ids.keptOrder = (
      await order(db, { clientId: kept.id, createdAt: monthsAgo(80), paidAt: monthsAgo(80) })
    ).id;
    ids.waitingOrder = (
      await order(db, { createdAt: monthsAgo(90), customerEmail: 'waiting@example.com' })
    ).id;

    // Checkouts: the typed name and address go after 30 days.
    const session = {
      provider: 'simulated' as const,
      mode: 'payment' as const,
      lines: [],
      amountTotalCents: 100,
      successUrl: 'http://localhost:4321/success',
      cancelUrl: 'http://localhost:4321/cart',
      customerName: 'Typed Name',
    };
    await db.insert(checkoutSessions).values([
      { ...session, id: 'cs_old', customerEmail: 'typed@example.com', createdAt: daysAgo(31) },
      { ...session, id: 'cs_new', customerEmail: 'typed@example.com', createdAt: daysAgo(29) },
    ]);

    // E-mails: bodies after delivery, the record after 24 months.
    const email = {
      kind: 'contact.receipt',
      subject: 'We received your message',
      html: '<p>Hi</p>',
    };
    await db.insert(emailOutbox).values([
      { ...email, to: 'a@example.com', text: 'Hi A', status: 'sent', sentAt: daysAgo(1) },
      { ...email, to: 'b@example.com', text: 'Hi B', status: 'pending' },
      {
        ...email,
        to: 'c@example.com',
        text: 'Hi C',
        status: 'sent',
        sentAt: monthsAgo(25),
        createdAt: monthsAgo(25),
      },
    ]);

    // Sign-in: used or expired links, ended sessions, old rate-limit windows.
    const signedIn = await client(db, 'signed-in@example.com');
    await db.insert(magicLinks).values([
      { tokenHash: 'used', clientId: signedIn.id, expiresAt: daysAgo(-1), usedAt: daysAgo(0.5) },
      { tokenHash: 'expired', clientId: signedIn.id, expiresAt: daysAgo(1) },
      { tokenHash: 'live', clientId: signedIn.id, expiresAt: daysAgo(-1) },
    ]);
    await db.insert(clientSessions).values([
      { tokenHash: 'over', clientId: signedIn.id, expiresAt: daysAgo(1), lastSeenAt: daysAgo(2) },
      { tokenHash: 'idle', clientId: signedIn.id, expiresAt: daysAgo(-20), lastSeenAt: daysAgo(8) },
      {
        tokenHash: 'fresh',
        clientId: signedIn.id,
        expiresAt: daysAgo(-20),
        lastSeenAt: daysAgo(1),
      },
    ]);
    await db.insert(rateLimitHits).values([
      { key: 'contact:1.2.3.4', windowStart: daysAgo(3), count: 1 },
      { key: 'contact:1.2.3.4', windowStart: daysAgo(1), count: 1 },
    ]);

    // The security log: 90 days.
    await recordSecurityEvent(db, { event: 'admin.signed-out', at: daysAgo(91) });
    await recordSecurityEvent(db, { event: 'admin.signed-out', at: daysAgo(89) });

    // Export and erasure requests: three years after completion; an open one stays.
    const request = { kind: 'export' as const, email: 'asked@example.com' };
    await db.insert(privacyRequests).values([
      {
        ...request,
        requestedAt: monthsAgo(38),
        dueAt: monthsAgo(37),
        completedAt: monthsAgo(37),
        completedBy: 'owner',
      },
      {
        ...request,
        requestedAt: monthsAgo(36),
        dueAt: monthsAgo(35),
        completedAt: monthsAgo(35),
        completedBy: 'owner',
      },
      { ...request, kind: 'erase', requestedAt: monthsAgo(40), dueAt: monthsAgo(39) },
    ]);
  });
  afterAll(() => closeDb());

  it('removes exactly what each period has passed, and counts it per rule and table', async () => {
    const { counts, logosSkipped } = await purgeExpired(db, {
      now: NOW,
      logoStore: store,
      source: 'command',
    });
    expect(logosSkipped).toBe(false);
    expect(counts).toEqual({
      correspondence: { contact_messages: 1, meeting_requests: 1 },
      onboarding: { onboarding_forms: 2, client_onboarding_submissions: 1, logos: 1 },
      // The old order of `gone`, the client-less old one; `kept` is six years and eight months.
      orders: { orders: 2, clients: 1, subscriptions: 1 },
      checkouts: { checkout_sessions: 1, checkout_reminders: 0 },
      emailBodies: { email_outbox: 1 },
      emailLog: { email_outbox: 1 },
      signIn: { magic_links: 2, client_sessions: 2, rate_limit_hits: 1 },
      securityLog: { security_log: 1 },
      privacyRequests: { privacy_requests: 1 },
      // Seeded and purged in src/features/insights/insights.server.test.ts.
      insights: { insights_daily: 0, insights_visitor_hashes: 0, insights_vitals: 0 },
    });
  });

  it('keeps the rows on the near side of every period', async () => {
    const emails = (rows: { email: string }[]) => rows.map((r) => r.email.toLowerCase()).sort();
    expect(emails(await db.select().from(contactMessages))).toEqual([
      'answered@example.com',
      'booked@example.com',
      'recent@example.com',
    ]);
    expect(emails(await db.select().from(meetingRequests))).toEqual(['booked@example.com']);
    expect(emails(await db.select().from(clientOnboardingSubmissions))).toEqual([
      'new@example.com',
      'served@example.com',
    ]);
    expect(await countRows(db, onboardingForms)).toBe(4);
    const [ended] = await db
      .select()
      .from(onboardingForms)
      .where(eq(onboardingForms.orderId, ids.endedOrder!));
    expect(ended).toBeUndefined();
    expect((await store.list({ prefix: `order-${ids.servedOrder}/` })).blobs).toHaveLength(1);
    expect((await store.list({ prefix: `order-${ids.endedOrder}/` })).blobs).toHaveLength(0);
    expect((await store.list({ prefix: `slots/order-${ids.endedOrder}/` })).blobs).toHaveLength(0);

    const [old] = await db.select().from(orders).where(eq(orders.id, ids.oldOrder!));
    expect(old).toMatchObject({
      customerEmail: '',
      customerName: '',
      clientId: null,
      stripeCustomerId: null,
      amount: 123_400,
      status: 'paid',
      stripeSubscriptionId: 'sub_gone',
    });
    expect(old!.orderNumber).toMatch(/^NR-T-/);
    const [kept] = await db.select().from(orders).where(eq(orders.id, ids.keptOrder!));
    expect(kept!.customerName).not.toBe('');
    expect(await db.select().from(clients).where(eq(clients.email, 'gone@example.com'))).toEqual(
      [],
    );
    const [gonePlan] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_gone'));
    expect(gonePlan!.providerCustomerId).toBeNull();

    const sessions = await db.select().from(checkoutSessions);
    expect(sessions.find((s) => s.id === 'cs_old')).toMatchObject({
      customerEmail: null,
      customerName: null,
    });
    expect(sessions.find((s) => s.id === 'cs_new')).toMatchObject({
      customerEmail: 'typed@example.com',
    });

    const outbox = await db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(outbox.map((e) => [e.to, e.text, e.subject])).toEqual([
      ['a@example.com', BODY_REMOVED, 'We received your message'],
      ['b@example.com', 'Hi B', 'We received your message'],
    ]);
    expect((await db.select().from(magicLinks)).map((l) => l.tokenHash)).toEqual(['live']);
    expect((await db.select().from(clientSessions)).map((s) => s.tokenHash)).toEqual(['fresh']);
    expect(await countRows(db, rateLimitHits)).toBe(1);
    const requests = await db.select().from(privacyRequests);
    expect(requests.map((r) => [r.kind, r.completedAt !== null]).sort()).toEqual([
      ['erase', false],
      ['export', true],
    ]);
  });

  it('removes nothing more on a second run, and records both runs for the overview', async () => {
    const again = await purgeExpired(db, { now: NOW, logoStore: store, source: 'command' });
    const removed = Object.values(again.counts).flatMap((tables) => Object.values(tables));
    expect(removed.every((n) => n === 0)).toBe(true);
    expect(await countRows(db, privacyRuns)).toBe(2);
    const last = await lastPrivacyRun(db);
    expect(last).toMatchObject({ at: NOW.toISOString(), source: 'command' });
    expect(last!.rules.map((r) => r.rule)).toEqual([
      'correspondence',
      'onboarding',
      'orders',
      'checkouts',
      'emailBodies',
      'emailLog',
      'signIn',
      'securityLog',
      'privacyRequests',
      'insights',
    ]);
    const purged = await db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'privacy.purged'));
    expect(purged).toHaveLength(2);
    expect(purged[0]!.detail).toMatchObject({ via: 'command', counts: { orders: { orders: 2 } } });
  });

  it('runs daily as a scheduled function, with the logo store, and deletes day-old exports', async () => {
    expect(purgeFunction.config).toEqual({ schedule: '@daily' });
    expect('path' in purgeFunction.config).toBe(false);
    setLogoStore(store);
    const exports = memoryExportStore();
    const startedAt = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await exports.setJSON('AAAAAAAAAAAAAAAAAAAAAAAA/status', { startedAt });
    await exports.set('AAAAAAAAAAAAAAAAAAAAAAAA/part-00000', 'Order number\r\n');
    setExportStore(exports);
    try {
      const response = await purgeFunction.default();
      expect(response.status).toBe(200);
      const body = (await response.json()) as { counts: Record<string, unknown> };
      expect(Object.keys(body.counts)).toContain('onboarding');
      expect(body).toMatchObject({ exportsRemoved: 1 });
      expect(exports.keys()).toEqual([]);
    } finally {
      setLogoStore(undefined);
      setExportStore(undefined);
    }
    expect((await lastPrivacyRun(db))!.source).toBe('schedule');
  });
});

/** A raw query's rows, whatever the driver returns. */
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Every row of every table of the database as text, table by table. */
async function everyRowAsText(db: Db): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`),
  );
  const found: Record<string, string[]> = {};
  for (const { table_name } of tables) {
    const rows = rowsOf<{ row: string }>(
      await db.execute(
        sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`,
      ),
    );
    found[table_name] = rows.map((r) => r.row);
  }
  return found;
}

describe("a person's data", () => {
  let db: Db;
  const store = memoryLogoStore();
  const erasedCustomers: string[] = [];
  const stripe: CustomerEraser = {
    async eraseCustomer(id) {
      erasedCustomers.push(id);
      return 'deleted';
    },
  };
  const ids: Record<string, number> = {};
  /** Ada's rows per table, as found and as erased (besides order items and payments). */
  const adaRows = {
    clients: 1,
    orders: 2,
    subscriptions: 1,
    checkout_sessions: 2,
    onboarding_forms: 1,
    client_onboarding_submissions: 1,
    contact_messages: 1,
    meeting_requests: 1,
    subscribers: 1,
    client_sessions: 2,
    magic_links: 1,
    email_outbox: 3,
    rate_limit_hits: 2,
    privacy_requests: 2,
    checkout_reminders: 1,
    reminder_opt_outs: 1,
  };

  beforeAll(async () => {
    db = await useFreshTestDb();
    const ada = await client(db, 'ada@example.com', {
      name: 'Ada Lovelace',
      stripeCustomerId: 'cus_ada',
      emailVerifiedAt: NOW,
    });
    ids.client = ada.id;
    await plan(db, 'sub_ada', { providerCustomerId: 'cus_ada' });
    await db.insert(subscriptionPayments).values({
      providerInvoiceId: 'in_ada',
      providerSubscriptionId: 'sub_ada',
      billingReason: 'subscription_create',
      status: 'paid',
      amountCents: 9_700,
    });
    const joined = await order(db, {
      clientId: ada.id,
      customerEmail: 'Ada@Example.com',
      customerName: 'Ada Lovelace',
      stripeCustomerId: 'cus_ada',
      stripeSubscriptionId: 'sub_ada',
      amount: 250_000,
      paidAt: NOW,
    });
    const waiting = await order(db, { customerEmail: 'ada@example.com', customerName: 'Ada L.' });
    Object.assign(ids, { joined: joined.id, waiting: waiting.id });
    const session = {
      provider: 'simulated' as const,
      mode: 'payment' as const,
      lines: [],
      amountTotalCents: 250_000,
      successUrl: 'http://localhost:4321/success',
      cancelUrl: 'http://localhost:4321/cart',
    };
    await db.insert(checkoutSessions).values([
      {
        ...session,
        id: joined.checkoutSessionId,
        customerEmail: 'ada@example.com',
        customerName: 'Ada Lovelace',
        attemptHash: 'h',
      },
      {
        ...session,
        id: 'cs_abandoned',
        customerEmail: 'ADA@example.com',
        customerName: 'Ada Lovelace',
      },
    ]);
    // The abandoned checkout's reminder, and Ada's unsubscribe: both only the address's hash.
    await db.insert(checkoutReminders).values({
      checkoutSessionId: 'cs_abandoned',
      addressHash: await reminderAddressHash(db, 'Ada@Example.com'),
      dueAt: NOW,
    });
    await db
      .insert(reminderOptOuts)
      .values({ addressHash: await reminderAddressHash(db, 'ada@example.com') });
    await form(db, joined.id, NOW);
    await db
      .update(onboardingForms)
      .set({ businessInfo: { contactName: 'Ada Lovelace', email: 'ada@example.com' } });
    await saveLogo(store, { orderId: joined.id, clientId: ada.id, bytes: TINY_PNG });
    await db.insert(clientOnboardingSubmissions).values({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      businessName: 'Analytical Engines',
      data: { phone: '5550100', goals: 'More looms' },
    });
    await db.insert(contactMessages).values({
      name: 'Ada Lovelace',
      email: 'ADA@example.com',
      phone: '5550100',
      message: 'About the engine',
    });
    await db.insert(meetingRequests).values({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      meetingType: 'project-planning',
      preferredDate: '2031-07-01',
      preferredTime: '9:30 AM',
      timezone: 'EST',
    });
    await db.insert(subscribers).values({ email: 'ada@example.com', source: 'airbnb-automation' });
    await db
      .insert(clientSessions)
      .values({ tokenHash: 'ada-session', clientId: ada.id, expiresAt: daysAgo(-20) });
    await db
      .insert(clientSessions)
      .values({ tokenHash: 'paid-here', orderIds: [waiting.id], expiresAt: daysAgo(-20) });
    await db
      .insert(magicLinks)
      .values({ tokenHash: 'ada-link', clientId: ada.id, expiresAt: daysAgo(-1) });
    await db.insert(emailOutbox).values([
      {
        kind: 'contact.receipt',
        to: 'ada@example.com',
        aboutEmails: ['ada@example.com'],
        subject: 'We received your message',
        text: 'Thank you, Ada Lovelace',
        html: '<p>Thank you</p>',
      },
      {
        kind: 'contact.team',
        to: 'team@example.com',
        aboutEmails: ['ada@example.com'],
        subject: 'New contact message from Ada Lovelace',
        text: 'Email: ada@example.com',
        html: '<p>ada@example.com</p>',
      },
      // A notice whose body the retention rule already removed: it still records whom it concerns.
      {
        kind: 'meeting.team',
        to: 'team@example.com',
        aboutEmails: [],
        aboutClientIds: [ada.id],
        subject: 'New meeting request: Intro with Ada L.',
        text: BODY_REMOVED,
        html: BODY_REMOVED,
        status: 'sent',
      },
      // Someone else's e-mails stay, even one that names her or her address.
      {
        kind: 'order-confirmation',
        to: 'bob@example.com',
        aboutEmails: ['bob@example.com'],
        subject: 'Your Adapter order, as Ada Lovelace suggested',
        text: 'Hi Bob, ada@example.com says hello',
        html: '<p>Hi Bob</p>',
      },
      // Queued before e-mails recorded whom they concern: no person's request reaches it.
      {
        kind: 'contact.team',
        to: 'team@example.com',
        subject: 'New contact message from Ada Lovelace',
        text: 'Email: ada@example.com',
        html: '<p>ada@example.com</p>',
      },
    ]);
    await db.insert(rateLimitHits).values([
      { key: `receipt:${privateDigest('ada@example.com')}`, windowStart: NOW, count: 1 },
      { key: `magic-link:client:${ada.id}`, windowStart: NOW, count: 1 },
      { key: `magic-link:client:${ada.id + 100}`, windowStart: NOW, count: 1 },
    ]);

    // Her requests from the dashboard: an export answered, an erasure still open.
    await db.insert(privacyRequests).values([
      {
        kind: 'export',
        clientId: ada.id,
        email: 'ada@example.com',
        requestedAt: daysAgo(20),
        dueAt: daysAgo(-10),
        completedAt: daysAgo(5),
        completedBy: 'owner',
      },
      { kind: 'erase', clientId: ada.id, email: 'ada@example.com', dueAt: daysAgo(-30) },
    ]);

    // Bob, who must keep everything.
    const bob = await client(db, 'bob@example.com', { name: 'Bob Babbage' });
    ids.bobOrder = (
      await order(db, {
        clientId: bob.id,
        customerEmail: 'bob@example.com',
        customerName: 'Bob Babbage',
      })
    ).id;
    await db
      .insert(contactMessages)
      .values({ name: 'Bob Babbage', email: 'bob@example.com', message: 'Hello' });
    await saveLogo(store, { orderId: ids.bobOrder, clientId: bob.id, bytes: TINY_PNG });
  });
  afterAll(() => closeDb());

  it('is found table by table', async () => {
    const found = await findPerson(db, ' Ada@Example.com ', { logoStore: store });
    expect(found.email).toBe('ada@example.com');
    expect(found.logos).toBe(1);
    expect(found.counts).toMatchObject({ ...adaRows, order_items: 2, subscription_payments: 1 });
  });

  it('is exported as JSON per table and CSV, without secrets, and the export is logged', async () => {
    const data = await exportPerson(db, 'ada@example.com', { logoStore: store, now: NOW });
    expect(Object.keys(data.tables).sort()).toEqual(
      [
        'checkout_reminders',
        'checkout_sessions',
        'client_onboarding_submissions',
        'client_sessions',
        'clients',
        'contact_messages',
        'email_outbox',
        'magic_links',
        'meeting_requests',
        'onboarding_forms',
        'order_items',
        'orders',
        'privacy_requests',
        'rate_limit_hits',
        'reminder_opt_outs',
        'subscribers',
        'subscription_payments',
        'subscriptions',
      ].sort(),
    );
    expect(data.tables.clients![0]).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    });
    const text = JSON.stringify(data.tables);
    for (const secret of [
      'tokenHash',
      'browserNonceHash',
      'attemptHash',
      'searchText',
      'ada-session',
    ])
      expect(text).not.toContain(secret);
    expect(data.logos).toEqual([
      expect.objectContaining({ orderId: ids.joined, contentType: 'image/png' }),
    ]);
    expect(data.csv.contact_messages).toMatch(/^\uFEFFid,name,email,phone,company,message,/);
    expect(data.csv.contact_messages).toContain('About the engine');
    const [logged] = await db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'person.exported'));
    expect(logged!.detail).toMatchObject({ counts: { orders: 2, contact_messages: 1 } });
    expect(JSON.stringify(logged)).not.toContain('ada@');
  });

  it('is not erased halfway when the logo store or Stripe cannot be reached', async () => {
    await expect(erasePerson(db, 'ada@example.com', { stripe })).rejects.toThrow(ErasureIncomplete);
    await expect(erasePerson(db, 'ada@example.com', { logoStore: store })).rejects.toMatchObject({
      parts: ['stripe_customers'],
    });
    expect(erasedCustomers).toEqual([]);
    expect((await findPerson(db, 'ada@example.com')).counts.clients).toBe(1);
  });

  it('is erased from every table, Blobs and Stripe; orders keep their accounting fields', async () => {
    const before = await everyRowAsText(db);
    const result = await erasePerson(db, 'ada@example.com', { stripe, logoStore: store, now: NOW });
    // The unsubscribe survives the erasure: it is what keeps the address from being e-mailed.
    expect(result).toEqual({
      skipped: [],
      crmLeft: [],
      counts: { ...adaRows, reminder_opt_outs: 0, logos: 1, stripe_customers: 1 },
    });
    expect(erasedCustomers).toEqual(['cus_ada']);

    const after = await everyRowAsText(db);
    expect(Object.keys(after)).toEqual(expect.arrayContaining(Object.keys(before)));
    expect(after.security_log!.some((row) => row.includes('person.erased'))).toBe(true);
    // Bob's e-mail that names her and the notice nobody can attribute are not hers to erase.
    const notHers = (row: string) =>
      row.includes('"to":"bob@example.com"') || row.includes('"about_emails":null');
    expect(after.email_outbox!.filter(notHers)).toHaveLength(2);
    for (const [table, rows] of Object.entries(after)) {
      for (const row of rows.filter((r) => !notHers(r))) {
        expect(row, table).not.toMatch(/ada@example\.com|lovelace|ada l\./i);
        expect(row, table).not.toContain('cus_ada');
      }
    }
    const [joined] = await db.select().from(orders).where(eq(orders.id, ids.joined!));
    expect(joined).toMatchObject({
      customerEmail: '',
      customerName: '',
      clientId: null,
      stripeCustomerId: null,
      amount: 250_000,
      status: 'paid',
      productName: 'Starter Website Package',
      stripeSubscriptionId: 'sub_ada',
      paidAt: NOW,
    });
    expect(await countRows(db, orderItems)).toBe(before.order_items!.length);
    expect(await countRows(db, subscriptionPayments)).toBe(1);
    expect((await store.list({ prefix: `order-${ids.joined}/` })).blobs).toEqual([]);
    // Her requests stay as the record that they were answered: no address, no account; the
    // open erasure is closed by the erasure itself.
    const requests = await db.select().from(privacyRequests).orderBy(privacyRequests.id);
    expect(requests).toMatchObject([
      { kind: 'export', email: '', clientId: null, completedBy: 'owner' },
      { kind: 'erase', email: '', clientId: null, completedAt: NOW, completedBy: null },
    ]);

    // Bob keeps everything.
    expect((await findPerson(db, 'bob@example.com', { logoStore: store })).counts).toMatchObject({
      clients: 1,
      orders: 1,
      contact_messages: 1,
      email_outbox: 1,
    });
    expect((await store.list({ prefix: `order-${ids.bobOrder}/` })).blobs).toHaveLength(1);

    const [logged] = await db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'person.erased'));
    expect(logged!.detail).toMatchObject({ via: 'command', counts: result.counts, skipped: [] });
  });

  it('leaves nothing to export afterwards but the unsubscribe (its hash and date)', async () => {
    const data = await exportPerson(db, 'ada@example.com', { logoStore: store, now: NOW });
    expect(Object.keys(data.tables)).toEqual(['reminder_opt_outs']);
    expect(JSON.stringify(data.tables)).not.toContain('ada');
    expect(data.logos).toEqual([]);
  });
});

describe('the owners the privacy feature composes', () => {
  it('are every owner module that exports personalData', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    expect(Object.keys(PERSONAL_DATA_OWNERS).sort()).toEqual(personalDataOwners(root));
  });
});
