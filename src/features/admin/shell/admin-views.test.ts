import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../../server/db/client';
import { useFreshTestDb } from '../../../testing/test-db';
import { emailOutbox, meetingRequests, privacyRuns } from '../../../server/db/schema';
import { HttpError } from '../../../server/responses';
import { submitMeetingRequest } from '../../meeting/meeting.server';
import { parseListQuery } from './list.server';
import { pageRequestOf } from './list.server';
import { answerMeetingRequest, listContactMessages } from '../inbox/inbox.server';
import { listOrders } from '../orders/orders.server';
import { getOverview } from '../overview/overview.server';
import { listOrderOnboarding } from '../inbox/onboarding.server';
import { seedContact, seedMeeting, seedOrder } from '../../../testing/admin-seed';

let db: Db;
beforeAll(async () => {
  delete process.env.SMTP_URL;
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const icsOf = async (emailId: number) => {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
  const [att] = row!.attachments;
  return { row: row!, att: att!, ics: Buffer.from(att!.content, 'base64').toString('utf8') };
};
const field = (ics: string, name: string) => new RegExp(`^${name}[:;](.*)$`, 'm').exec(ics)?.[1];

describe('answering meeting requests', () => {
  it('confirm: e-mails the visitor a CONFIRMED .ics that updates the tentative invitation', async () => {
    const now = new Date('2026-03-02T12:00:00Z');
    const { request } = await submitMeetingRequest(
      db,
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '',
        company: 'Engines',
        meetingType: 'project-planning',
        preferredDate: '2026-03-10',
        preferredTime: '9:30 AM',
        timezone: 'EST',
        message: '',
      },
      { ip: 'test', rateLimit: false, now },
    );
    const [receipt] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'meeting.receipt'));
    const tentative = Buffer.from(receipt!.attachments[0]!.content, 'base64').toString('utf8');

    const answer = await answerMeetingRequest(
      db,
      request!.id,
      { action: 'confirm', note: '' },
      new Date('2026-03-03T08:00:00Z'),
    );
    expect(answer.request.status).toBe('confirmed');
    const { row, att, ics } = await icsOf(answer.emailId);
    expect(row).toMatchObject({
      kind: 'meeting.confirmed',
      to: 'ada@example.com',
      status: 'pending',
    });
    expect(row.subject).toBe('Meeting confirmed: Project Planning Session (60 min)');
    expect(row.text).toContain('Tuesday, March 10, 2026 at 9:30 AM EST (Eastern)');
    expect(att).toMatchObject({
      filename: 'meeting.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    expect(field(ics, 'METHOD')).toBe('REQUEST');
    expect(field(ics, 'STATUS')).toBe('CONFIRMED');
    expect(field(ics, 'UID')).toBe(field(tentative, 'UID'));
    expect(Number(field(ics, 'SEQUENCE'))).toBeGreaterThan(Number(field(tentative, 'SEQUENCE')));
    // 9:30 in New York on 10 March 2026 (EDT starts 8 March) is 13:30 UTC, for 60 minutes.
    expect(field(ics, 'DTSTART')).toBe('20260310T133000Z');
    expect(field(ics, 'DTEND')).toBe('20260310T143000Z');
  });

  it('propose: stores the new time and sends it as a tentative invitation; confirming then uses it', async () => {
    const m = await seedMeeting(db);
    const proposed = await answerMeetingRequest(db, m.id, {
      action: 'propose',
      date: '2099-03-12',
      time: '2:00 PM',
      note: 'Our team is travelling that day.',
    });
    expect(proposed.request).toMatchObject({
      status: 'proposed',
      proposedDate: '2099-03-12',
      proposedTime: '2:00 PM',
    });
    const sent = await icsOf(proposed.emailId);
    expect(sent.row.kind).toBe('meeting.proposed');
    expect(sent.row.text).toContain('Proposed time: Thursday, March 12, 2099 at 2:00 PM');
    expect(sent.row.text).toContain('A note from our team: Our team is travelling that day.');
    expect(field(sent.ics, 'STATUS')).toBe('TENTATIVE');

    const confirmed = await answerMeetingRequest(db, m.id, { action: 'confirm', note: '' });
    const { ics } = await icsOf(confirmed.emailId);
    expect(field(ics, 'DTSTART')).toBe('20990312T180000Z');
  });

  it('decline: cancels the calendar entry; a declined request cannot be confirmed', async () => {
    const m = await seedMeeting(db);
    const declined = await answerMeetingRequest(db, m.id, { action: 'decline', note: '' });
    const { row, ics, att } = await icsOf(declined.emailId);
    expect(row.kind).toBe('meeting.declined');
    expect(att.contentType).toContain('method=CANCEL');
    expect(field(ics, 'METHOD')).toBe('CANCEL');
    expect(field(ics, 'STATUS')).toBe('CANCELLED');
    await expect(
      answerMeetingRequest(db, m.id, { action: 'confirm', note: '' }),
    ).rejects.toMatchObject({
      status: 409,
    });
    const [stored] = await db.select().from(meetingRequests).where(eq(meetingRequests.id, m.id));
    expect(stored!.status).toBe('declined');
  });

  it('refuses proposals in the past and unknown requests', async () => {
    const m = await seedMeeting(db);
    await expect(
      answerMeetingRequest(db, m.id, {
        action: 'propose',
        date: '2000-01-03',
        time: '9:00 AM',
        note: '',
      }),
    ).rejects.toBeInstanceOf(HttpError);
    await expect(
      answerMeetingRequest(db, 999_999, { action: 'confirm', note: '' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('admin lists', () => {
  it('search, status, date range and pagination', async () => {
    await seedContact(db, { name: 'Zed One', createdAt: new Date('2026-01-05T10:00:00Z') });
    await seedContact(db, {
      name: 'Zed Two',
      status: 'handled',
      createdAt: new Date('2026-01-06T10:00:00Z'),
    });
    await seedContact(db, {
      name: 'Zed Three',
      message: '100% sure_thing',
      createdAt: new Date('2026-02-01T10:00:00Z'),
    });
    const list = (qs: string) => {
      const q = parseListQuery('contact-messages', new URLSearchParams(qs));
      return listContactMessages(db, q, pageRequestOf(q));
    };
    const names = async (qs: string) => (await list(qs)).rows.map((m) => m.name);

    expect((await list('q=zed')).total).toEqual({ count: 3, exact: true });
    expect(await names('q=zed three')).toEqual(['Zed Three']);
    expect((await list('q=100%25')).total).toEqual({ count: 1, exact: true });
    expect((await list('q=%25')).rows.every((m) => m.message.includes('%'))).toBe(true);
    expect(await names('q=zed&status=handled')).toEqual(['Zed Two']);
    expect(await names('q=zed&from=2026-01-06&to=2026-01-31')).toEqual(['Zed Two']);
    expect(await names('q=zed&to=2026-01-05')).toEqual(['Zed One']);

    // Keyset paging: newest first, two at a time, there and back by cursor.
    const page1 = await list('q=zed&pageSize=2');
    expect(page1.rows.map((m) => m.name)).toEqual(['Zed Three', 'Zed Two']);
    expect(page1.previous).toBeNull();
    const page2 = await list(`q=zed&pageSize=2&after=${page1.next}`);
    expect(page2.rows.map((m) => m.name)).toEqual(['Zed One']);
    expect(page2).toMatchObject({ next: null, total: null });
    const back = await list(`q=zed&pageSize=2&before=${page2.previous}`);
    expect(back.rows.map((m) => m.name)).toEqual(['Zed Three', 'Zed Two']);
    expect(back.previous).toBeNull();
    const last = await list('q=zed&pageSize=2&page=last');
    expect(last.rows.map((m) => m.name)).toEqual(['Zed One']);
    expect(last).toMatchObject({ next: null, total: { count: 3, exact: true } });
    expect(last.previous).not.toBeNull();
  });

  it('orders carry items, onboarding progress and the Stripe link only when real', async () => {
    const real = await seedOrder(db, {
      isTest: false,
      checkoutSessionId: 'cs_live_real1',
      stripePaymentIntentId: 'pi_3RealOne',
      customerName: 'Real Buyer',
    });
    await seedOrder(db, { customerName: 'Test Buyer' }, false);
    const { rows: items } = await listOrders(
      db,
      parseListQuery('orders', new URLSearchParams('q=buyer')),
      { size: 10 },
    );
    const r = items.find((o) => o.id === real.id)!;
    expect(r.stripeUrl).toBe('https://dashboard.stripe.com/payments/pi_3RealOne');
    expect(r.items).toEqual([
      expect.objectContaining({
        name: 'Starter Website Package',
        quantity: 1,
        unitAmountCents: 100_000,
      }),
    ]);
    expect(r.onboarding).toEqual({
      status: 'in-progress',
      stepsDone: 2,
      totalSteps: 3,
      completed: false,
    });
    expect(r.recovered).toBe(false);
    const t = items.find((o) => o.customerName === 'Test Buyer')!;
    expect(t.stripeUrl).toBeNull();
    expect(t.onboarding.stepsDone).toBe(0);
  });

  it('order onboarding shows every field and the uploaded logo', async () => {
    const order = await seedOrder(db, { customerName: 'Logo Owner' });
    const { rows: items } = await listOrderOnboarding(
      db,
      parseListQuery('order-onboarding', new URLSearchParams('q=logo owner')),
      { size: 10 },
    );
    expect(items).toHaveLength(1);
    expect(items[0]!.businessInfo).toMatchObject({
      businessName: 'Acme Bakery',
      logoFile: 'logo.png',
    });
    expect(items[0]!.logoUrl).toBe(`/api/onboarding/logo/${order.id}/abcdefgh1234`);
  });

  it('overview counts and weekly revenue', async () => {
    const o = await getOverview(db);
    expect(o.orders.total).toBeGreaterThan(0);
    expect(o.revenueByWeek).toHaveLength(12);
    expect(o.revenueByWeek.at(-1)!.grossCents).toBeGreaterThanOrEqual(100_000);
    expect(o.contactMessages.total).toBeGreaterThanOrEqual(3);
    expect(o.outbox.pending).toBeGreaterThan(0);
  });

  it('overview shows the latest run of the retention rules, rows per rule', async () => {
    expect((await getOverview(db)).privacy).toBeNull();
    const at = (iso: string) => new Date(iso);
    await db.insert(privacyRuns).values([
      {
        startedAt: at('2030-06-01T03:00:00Z'),
        finishedAt: at('2030-06-01T03:00:01Z'),
        source: 'schedule',
        counts: { correspondence: { contact_messages: 9 } },
      },
      {
        startedAt: at('2030-06-02T03:00:00Z'),
        finishedAt: at('2030-06-02T03:00:02Z'),
        source: 'schedule',
        counts: {
          correspondence: { contact_messages: 2, meeting_requests: 1 },
          onboarding: { onboarding_forms: 1, logos: 3 },
        },
      },
    ]);
    const { privacy } = await getOverview(db);
    expect(privacy).toMatchObject({ at: '2030-06-02T03:00:02.000Z', source: 'schedule' });
    expect(privacy!.rules.slice(0, 3)).toEqual([
      { rule: 'correspondence', title: 'Contact messages and meeting requests', removed: 3 },
      { rule: 'onboarding', title: 'Onboarding answers and logos', removed: 4 },
      { rule: 'orders', title: 'Orders and invoices (anonymised)', removed: 0 },
    ]);
  });

  it('groups leads by UTC week in the database, Sunday night and Monday morning apart', async () => {
    const now = new Date('2030-06-12T12:00:00Z'); // a Wednesday; its week starts 2030-06-10
    await seedContact(db, {
      name: 'Sunday night',
      createdAt: new Date('2030-06-09T23:59:59.999Z'),
    });
    await seedContact(db, { name: 'Monday morning', createdAt: new Date('2030-06-10T00:00:00Z') });
    await seedContact(db, { name: 'Wednesday', createdAt: new Date('2030-06-12T09:00:00Z') });
    await seedMeeting(db, { createdAt: new Date('2030-06-11T15:00:00Z') });
    await seedContact(db, { name: 'Too old', createdAt: new Date('2030-03-01T09:00:00Z') });
    const { leadsByWeek } = await getOverview(db, now);
    expect(leadsByWeek).toHaveLength(12);
    expect(leadsByWeek.slice(-2)).toEqual([
      { weekStart: '2030-06-03', contactMessages: 1, meetingRequests: 0 },
      { weekStart: '2030-06-10', contactMessages: 2, meetingRequests: 1 },
    ]);
    expect(leadsByWeek.slice(0, -2).every((w) => !w.contactMessages && !w.meetingRequests)).toBe(
      true,
    );
  });
});
