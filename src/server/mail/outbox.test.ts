/**
 * Outbox delivery against a real SMTP peer on loopback (smtp-server): delivery with an
 * attachment, a server that rejects, the retry schedule, the final 'failed' state and the
 * admin's retry.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDb, type Db } from '../db/client';
import { useFreshTestDb } from '../../testing/test-db';
import { emailOutbox } from '../db/schema';
import { invitationAttachment, textAttachment } from './attachments';
import { deliverDue, retryEmail } from './delivery';
import { enqueueEmail, type EmailInput } from './outbox';
import { backoffMs, MAX_ATTEMPTS, SEND_LEASE_MS, UNOPENABLE_REASON } from './retry-policy';
import { smtpTransport } from './smtp-transport';
import { MessageSecrets, sealSecret, SENT_SECRET_PLACEHOLDER } from './sealed';
import {
  attachmentOf,
  contentTypeParam,
  startTestSmtp,
  type TestSmtp,
} from '../../testing/smtp-peer';

let db: Db;
let smtp: TestSmtp;

const ICS =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSTATUS:TENTATIVE\r\nSUMMARY:Café chat\r\nEND:VCALENDAR\r\n';
const email = (over: Partial<EmailInput> = {}): EmailInput => ({
  kind: 'test.mail',
  to: 'visitor@example.com',
  about: { emails: ['visitor@example.com'] },
  subject: 'Meeting request received',
  text: 'Hello in plain text',
  html: '<p>Hello in <strong>HTML</strong></p>',
  ...over,
});
const row = async (id: number) =>
  (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

beforeAll(async () => {
  db = await useFreshTestDb();
  smtp = await startTestSmtp();
});

afterAll(async () => {
  await smtp.close();
  await closeDb();
});

beforeEach(async () => {
  await db.delete(emailOutbox);
  smtp.received.length = 0;
  smtp.reject = null;
  vi.stubEnv('SMTP_URL', smtp.url);
  vi.stubEnv('MAIL_FROM', 'NovaReach Digital <hello@novareach.example>');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('enqueueEmail', () => {
  it('stores a pending row due now, with base64 attachments and a one-line subject', async () => {
    const now = new Date('2026-03-10T10:00:00Z');
    const stored = await enqueueEmail(
      db,
      email({
        subject: 'New message from Eve\r\nBcc: victim@example.com',
        attachments: [textAttachment('invite.ics', 'text/calendar', ICS)],
      }),
      now,
    );
    expect(stored).toMatchObject({ status: 'pending', attempts: 0, lastError: null, sentAt: null });
    expect(stored.nextAttemptAt.toISOString()).toBe(now.toISOString());
    expect(stored.subject).toBe('New message from Eve Bcc: victim@example.com');
    expect(Buffer.from(stored.attachments[0]!.content, 'base64').toString('utf8')).toBe(ICS);
  });
});

describe('deliverDue', () => {
  it('leaves everything pending when SMTP is not configured', async () => {
    vi.stubEnv('SMTP_URL', '');
    const stored = await enqueueEmail(db, email());
    expect(await smtpTransport()).toBeUndefined();
    expect(await deliverDue(db)).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: true });
    expect(await row(stored.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it.each(['REQUEST', 'CANCEL'] as const)(
    'sends a %s invitation as a calendar alternative mail clients answer, and as a file',
    async (method) => {
      await enqueueEmail(
        db,
        email({ attachments: [invitationAttachment('meeting.ics', method, ICS)] }),
      );
      expect(await deliverDue(db)).toMatchObject({ sent: 1 });
      const { raw, mail } = smtp.received[0]!;
      // The alternative: what Gmail and Outlook turn into Accept/Decline.
      expect(raw).toMatch(
        new RegExp(`Content-Type: text/calendar; charset=utf-8; method=${method}\\r\\n`),
      );
      expect(raw).toMatch(/Content-Type: multipart\/alternative/);
      // The same .ics stays downloadable, once.
      const files = mail.attachments.filter((a) => a.filename === 'meeting.ics');
      expect(files).toHaveLength(1);
      expect(files[0]!.content.toString('utf8')).toBe(ICS);
      expect(mail.text).toContain('Hello in plain text');
      expect(mail.html).toContain('<strong>HTML</strong>');
    },
  );

  it('sends through SMTP_URL: sender, recipient, subject, text, HTML and the attachment', async () => {
    const stored = await enqueueEmail(
      db,
      email({
        attachments: [
          textAttachment(
            'meeting-request.ics',
            'text/calendar; charset=utf-8; method=REQUEST',
            ICS,
          ),
        ],
      }),
    );
    expect(await deliverDue(db)).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: false });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('hello@novareach.example');
    expect(mail.to).toEqual(['visitor@example.com']);
    expect(mail.mail.subject).toBe('Meeting request received');
    expect(mail.mail.from?.text).toContain('NovaReach Digital');
    expect(mail.mail.text).toContain('Hello in plain text');
    expect(mail.mail.html).toContain('<strong>HTML</strong>');
    const attachment = attachmentOf(mail.mail, 'text/calendar')!;
    expect(attachment.filename).toBe('meeting-request.ics');
    expect(contentTypeParam(attachment, 'method')).toBe('REQUEST');
    expect(attachment.content.toString('utf8')).toBe(ICS);

    const sent = await row(stored.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    // Sent rows are never sent again.
    expect(await deliverDue(db)).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('records a rejection and retries with exponential backoff until it is accepted', async () => {
    const t0 = new Date('2026-03-10T10:00:00Z');
    const stored = await enqueueEmail(db, email(), t0);
    smtp.reject = { code: 451, message: 'Mailbox temporarily unavailable' };

    expect(await deliverDue(db, { now: t0 })).toMatchObject({ sent: 0, retrying: 1 });
    let r = await row(stored.id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r.lastError).toContain('Mailbox temporarily unavailable');
    expect(r.nextAttemptAt.getTime()).toBe(t0.getTime() + backoffMs(1));
    expect(backoffMs(1)).toBe(5 * 60 * 1000);

    // Not due yet: nothing is attempted.
    expect(
      await deliverDue(db, { now: new Date(t0.getTime() + backoffMs(1) - 1000) }),
    ).toMatchObject({
      retrying: 0,
      sent: 0,
    });
    expect((await row(stored.id)).attempts).toBe(1);

    const t1 = new Date(t0.getTime() + backoffMs(1));
    expect(await deliverDue(db, { now: t1 })).toMatchObject({ retrying: 1 });
    r = await row(stored.id);
    expect(r.attempts).toBe(2);
    expect(r.nextAttemptAt.getTime()).toBe(t1.getTime() + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    smtp.reject = null;
    const t2 = new Date(t1.getTime() + backoffMs(2));
    expect(await deliverDue(db, { now: t2 })).toMatchObject({ sent: 1 });
    r = await row(stored.id);
    expect(r).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('marks an e-mail failed after the maximum number of attempts', async () => {
    let now = new Date('2026-03-10T10:00:00Z');
    const stored = await enqueueEmail(db, email(), now);
    smtp.reject = { code: 550, message: 'No such user here' };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await deliverDue(db, { now });
      expect(result).toMatchObject(attempt < MAX_ATTEMPTS ? { retrying: 1 } : { failed: 1 });
      now = (await row(stored.id)).nextAttemptAt;
    }
    const r = await row(stored.id);
    expect(r).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(r.lastError).toContain('No such user here');
    // Failed rows are not picked up by the scheduled run any more.
    expect(await deliverDue(db, { now: new Date(now.getTime() + 24 * 3600 * 1000) })).toMatchObject(
      { failed: 0, retrying: 0 },
    );
    expect(backoffMs(MAX_ATTEMPTS)).toBeLessThanOrEqual(6 * 3600 * 1000);
  });

  it('records an unreachable server as a failure to retry', async () => {
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:1');
    const stored = await enqueueEmail(db, email());
    expect(await deliverDue(db)).toMatchObject({ retrying: 1 });
    const r = await row(stored.id);
    expect(r.status).toBe('pending');
    expect(r.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('stops a run at an unreachable server and leaves the rest due without counting an attempt', async () => {
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:1');
    const now = new Date('2026-03-10T10:00:00Z');
    const first = await enqueueEmail(db, email({ to: 'a@example.com' }), now);
    const second = await enqueueEmail(db, email({ to: 'b@example.com' }), now);
    expect(await deliverDue(db, { now })).toMatchObject({ retrying: 1, sent: 0 });
    expect(await row(first.id)).toMatchObject({ attempts: 1, status: 'pending' });
    const rest = await row(second.id);
    expect(rest).toMatchObject({ attempts: 0, status: 'pending', lastError: null });
    expect(rest.nextAttemptAt.toISOString()).toBe(now.toISOString());
  });

  it('starts no new send once its time budget is spent', async () => {
    const now = new Date('2026-03-10T10:00:00Z');
    await enqueueEmail(db, email({ to: 'a@example.com' }), now);
    await enqueueEmail(db, email({ to: 'b@example.com' }), now);
    const slow = { sendMail: () => new Promise((r) => setTimeout(r, 50)) };
    expect(await deliverDue(db, { now, transport: slow, budgetMs: 10 })).toMatchObject({ sent: 1 });
    expect(await deliverDue(db, { now, transport: slow })).toMatchObject({ sent: 1 });
  });

  it('sends each due e-mail once even when two runs overlap, and only the ids asked for', async () => {
    const a = await enqueueEmail(db, email({ to: 'a@example.com' }));
    const b = await enqueueEmail(db, email({ to: 'b@example.com' }));
    const c = await enqueueEmail(db, email({ to: 'c@example.com' }));
    expect(await deliverDue(db, { ids: [b.id] })).toMatchObject({ sent: 1 });
    expect(smtp.received.map((m) => m.to[0])).toEqual(['b@example.com']);
    const [first, second] = await Promise.all([deliverDue(db), deliverDue(db)]);
    expect(first!.sent + second!.sent).toBe(2);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    expect((await row(a.id)).status).toBe('sent');
    expect((await row(c.id)).status).toBe('sent');
  });

  it('leases a row while it is being sent so a crashed run is retried later, not twice at once', async () => {
    const now = new Date('2026-03-10T10:00:00Z');
    const stored = await enqueueEmail(db, email(), now);
    const hanging = { sendMail: () => new Promise<never>(() => undefined) };
    void deliverDue(db, { now, transport: hanging });
    await vi.waitFor(async () => {
      expect((await row(stored.id)).nextAttemptAt.getTime()).toBe(now.getTime() + SEND_LEASE_MS);
    });
    expect(await deliverDue(db, { now })).toMatchObject({ sent: 0 });
    expect(await deliverDue(db, { now: new Date(now.getTime() + SEND_LEASE_MS) })).toMatchObject({
      sent: 1,
    });
  });
});

describe('secrets in a queued e-mail', () => {
  it("opens only its own slots: a sealed word in the text (a visitor's name) goes out as typed", async () => {
    const secrets = new MessageSecrets();
    const link = `https://shop.example/dashboard?token=${secrets.slot('own-token')}`;
    const stolen = sealSecret('victim-token');
    const stored = await enqueueEmail(
      db,
      email({ text: `Hello ${stolen}, sign in: ${link}`, html: `<p>Hello ${stolen}</p>`, secrets }),
    );
    expect(`${stored.text}${JSON.stringify(stored.secrets)}`).not.toContain('own-token');
    expect(await deliverDue(db)).toMatchObject({ sent: 1 });
    const received = smtp.received[0]!.mail;
    expect(received.text).toContain(
      `Hello ${stolen}, sign in: https://shop.example/dashboard?token=own-token`,
    );
    expect(`${received.text}${received.html}`).not.toContain('victim-token');
    const sent = await row(stored.id);
    expect(sent.text).toContain(`token=${SENT_SECRET_PLACEHOLDER}`);
    expect(sent.secrets).toEqual({});
  });

  it('fails a row whose secret cannot be opened for good, with the reason, and sends the rest', async () => {
    const secrets = new MessageSecrets(randomBytes(32)); // another key: a rotated SESSION_SECRET
    const broken = await enqueueEmail(
      db,
      email({ text: `Sign in: ${secrets.slot('token')}`, secrets }),
    );
    const fine = await enqueueEmail(db, email({ to: 'other@example.com' }));
    expect(await deliverDue(db)).toEqual({ sent: 1, retrying: 0, failed: 1, skipped: false });
    expect(await row(broken.id)).toMatchObject({ status: 'failed', lastError: UNOPENABLE_REASON });
    expect(await row(fine.id)).toMatchObject({ status: 'sent' });
    expect(smtp.received.map((m) => m.to)).toEqual([['other@example.com']]);
  });

  it('records whom it concerns, normalised, for export and erasure', async () => {
    const stored = await enqueueEmail(
      db,
      email({
        to: 'team@example.com',
        about: { emails: [' Ada@Example.com ', 'ada@example.com'], clientIds: [7, 7] },
      }),
    );
    expect(stored).toMatchObject({ aboutEmails: ['ada@example.com'], aboutClientIds: [7] });
  });
});

describe('retryEmail', () => {
  it('sends a failed e-mail again on request and reports the outcome', async () => {
    const now = new Date('2026-03-10T10:00:00Z');
    const stored = await enqueueEmail(db, email(), now);
    await db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'old error' })
      .where(eq(emailOutbox.id, stored.id));

    smtp.reject = { code: 451, message: 'Still down' };
    const stillFailed = await retryEmail(db, stored.id, { now });
    expect(stillFailed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS + 1 });
    expect(stillFailed?.lastError).toContain('Still down');

    smtp.reject = null;
    const sent = await retryEmail(db, stored.id, { now });
    expect(sent).toMatchObject({ status: 'sent', lastError: null });
    expect(smtp.received).toHaveLength(1);

    expect(await retryEmail(db, stored.id)).toBeUndefined();
    expect(await retryEmail(db, 999_999)).toBeUndefined();
  });

  it('only re-queues when SMTP is not configured', async () => {
    vi.stubEnv('SMTP_URL', '');
    const stored = await enqueueEmail(db, email());
    await db.update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.id, stored.id));
    expect(await retryEmail(db, stored.id)).toMatchObject({ status: 'pending' });
  });
});
