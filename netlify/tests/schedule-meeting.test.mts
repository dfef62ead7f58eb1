/**
 * /api/schedule-meeting: the function's default export called with real Requests against a
 * fresh in-memory database, the visitor's tentative invitation, and ≥1,000 random bodies
 * (fast-check): never a 5xx, nothing stored unless the shared schema accepts the body.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  buildMeetingIcs,
  scheduleMeetingHandler,
} from '../../src/features/meeting/meeting.server.ts';
import {
  addDays,
  earliestToday,
  localToday,
  meetingRequestSchema,
  MEETING_TYPES,
  TIME_SLOTS,
  TIMEZONES,
} from '../../src/features/meeting/meeting.ts';
import { nativeFormPost } from '../../src/testing/requests.ts';
import { emailOutbox, meetingRequests } from '../../src/server/db/schema.ts';
import { attachmentOf, startTestSmtp } from '../../src/testing/smtp-peer.ts';
import scheduleMeeting, { config } from '../functions/schedule-meeting.mts';
import {
  contactFields,
  itIgnoresAFilledHoneypot,
  itIsConfiguredWithRateLimit,
  itStoresExactlyWhatTheSchemaAccepts,
  pastTheLimit,
  useFormFunction,
  validish as validishOr,
} from './form-function.ts';

const URL_ = 'http://localhost:4321/api/schedule-meeting';
const future = addDays(localToday(), 10);
const valid = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '',
  company: 'Navy',
  meetingType: 'website-demo',
  preferredDate: future,
  preferredTime: '2:30 PM',
  timezone: 'CET',
  message: 'Keen to see the advanced package.',
};

const form = useFormFunction({
  url: URL_,
  fn: scheduleMeeting,
  table: meetingRequests,
  env: { SITE_URL: 'https://novareach.example' },
});
const { post } = form;

describe('POST /api/schedule-meeting', () => {
  itIsConfiguredWithRateLimit(config, '/api/schedule-meeting');

  it('stores the request and answers { success: true, message }', async () => {
    const res = await scheduleMeeting(post(valid), {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      message:
        "You'll receive a confirmation email shortly. We'll contact you within 24 hours to confirm your meeting time.",
    });
    const [stored] = await form.db.select().from(meetingRequests);
    expect(stored).toMatchObject({ ...valid, status: 'requested' });
    const mails = await form.db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([
      ['meeting.team', 'team@novareach.example'],
      ['meeting.receipt', 'grace@example.com'],
    ]);
    expect(mails[0]!.text).toContain('Website Package Demo (45 min)');
    expect(mails[0]!.text).toContain('2:30 PM CET (Central Europe)');
    expect(mails[0]!.text).toContain('Keen to see the advanced package.');
    expect(mails[1]!.text).toContain('2:30 PM CET (Central Europe)');
    expect(mails[1]!.attachments).toHaveLength(1);
  });

  it('e-mails the visitor the requested slot with a tentative .ics in UTC', async () => {
    const smtp = await startTestSmtp();
    try {
      vi.stubEnv('SMTP_URL', smtp.url);
      const pending: Promise<unknown>[] = [];
      const body = {
        ...valid,
        preferredDate: '2026-12-15',
        preferredTime: '9:00 AM',
        timezone: 'EST',
      };
      vi.useFakeTimers({ now: new Date('2026-12-01T12:00:00Z'), toFake: ['Date'] });
      const res = await scheduleMeeting(post(body), {
        waitUntil: (p: Promise<unknown>) => pending.push(p),
      });
      expect(res.status).toBe(200);
      await Promise.all(pending);
      vi.useRealTimers();
      const receipt = smtp.received.find((m) => m.to[0] === 'grace@example.com')!;
      expect(receipt.mail.subject).toBe('Meeting request received: Website Package Demo (45 min)');
      expect(receipt.mail.text).toContain(
        'Tuesday, December 15, 2026 at 9:00 AM EST (Eastern) (14:00 UTC), 45 minutes',
      );
      const ics = attachmentOf(receipt.mail, 'text/calendar')!;
      expect(ics.filename).toBe('meeting-request.ics');
      const lines = ics.content.toString('utf8').replace(/\r\n /g, '').split('\r\n');
      expect(lines).toContain('METHOD:REQUEST');
      expect(lines).toContain('STATUS:TENTATIVE');
      expect(lines).toContain('DTSTART:20261215T140000Z');
      expect(lines).toContain('DTEND:20261215T144500Z');
      const [stored] = await form.db.select().from(meetingRequests);
      expect(lines).toContain(`UID:meeting-${stored!.id}@novareach.example`);
      expect(
        lines.some(
          (l) =>
            l.startsWith('ATTENDEE;CN=Grace Hopper;') && l.endsWith(':mailto:grace@example.com'),
        ),
      ).toBe(true);
      expect(smtp.received.map((m) => m.to[0])).toContain('team@novareach.example');
    } finally {
      vi.useRealTimers();
      await smtp.close();
    }
  });

  it('builds a confirmation for the same calendar entry (admin reuse)', async () => {
    await scheduleMeeting(post(valid), {});
    const [row] = await form.db.select().from(meetingRequests);
    const ics = buildMeetingIcs(
      { ...row!, preferredDate: '2027-07-01', timezone: 'PST', preferredTime: '1:00 PM' },
      { status: 'CONFIRMED', sequence: 1, location: 'https://zoom.us/j/123' },
    );
    expect(ics).toContain('STATUS:CONFIRMED\r\n');
    expect(ics).toContain('SEQUENCE:1\r\n');
    expect(ics).toContain('DTSTART:20270701T200000Z\r\n');
    expect(ics).toContain('LOCATION:https://zoom.us/j/123\r\n');
    expect(ics).toContain(`UID:meeting-${row!.id}@novareach.example\r\n`);
    const proposed = buildMeetingIcs(row!, {
      status: 'TENTATIVE',
      sequence: 2,
      override: { date: '2027-01-05', time: '4:00 PM' },
    });
    // 4:00 PM in Paris in January is 15:00 UTC.
    expect(proposed).toContain('DTSTART:20270105T150000Z\r\n');
  });

  it('answers { success: false, message, error } with 400 for invalid requests and stores nothing', async () => {
    const past = addDays(earliestToday(), -1);
    const cases: [unknown, string][] = [
      [{ ...valid, preferredDate: past }, 'preferredDate: Please choose today or a later date'],
      [{ ...valid, preferredDate: '2026-02-30' }, 'preferredDate: Please choose a date'],
      [{ ...valid, meetingType: 'sales-pitch' }, 'meetingType: Please choose a meeting type'],
      [{ ...valid, preferredTime: '12:00 PM' }, 'preferredTime: Please choose a time'],
      [{ ...valid, timezone: 'Asia/Tokyo' }, 'timezone: Please choose a timezone'],
      [{ ...valid, name: 'G' }, 'name: Name must be at least 2 characters'],
      [{ ...valid, email: 'grace' }, 'email: Please enter a valid email address'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'message: Message must be at most 5000 characters'],
      [{ ...valid, phone: '1'.repeat(41) }, 'phone: Phone must be at most 40 characters'],
    ];
    for (const [body, error] of cases) {
      const res = await scheduleMeeting(post(body), {});
      expect(res.status, error).toBe(400);
      expect(await res.json()).toEqual({ success: false, message: error, error });
    }
    const huge = await scheduleMeeting(post({ ...valid, message: 'x'.repeat(40_000) }), {});
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual({
      success: false,
      message: 'Request body is too large',
      error: 'Request body is too large',
    });
    expect((await scheduleMeeting(post('nope', {}, true), {})).status).toBe(400);
    expect((await scheduleMeeting(new Request(URL_, { method: 'PUT' }), {})).status).toBe(405);
    expect(await form.db.$count(meetingRequests)).toBe(0);
    expect(await form.db.$count(emailOutbox)).toBe(0);
  });

  itIgnoresAFilledHoneypot(form, { ...valid, website: 'buy-pills.example' });

  it('limits each address with a readable 429 in the form the page reads', async () => {
    const limited = await pastTheLimit(form, valid, '192.0.2.20');
    const body = await limited.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/^Too many requests\. Please wait \d+ minutes? and try again\.$/);
    expect(body.error).toBe(body.message);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('POST /api/schedule-meeting from the browser itself (before the island hydrated)', () => {
  it('stores the request and returns to the page reporting sent, or invalid for a past date', async () => {
    const fields = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, String(v)]));
    const native = (body: Record<string, string>) =>
      scheduleMeeting(nativeFormPost(URL_, body, { fromPath: '/schedule-meeting' }), {
        ip: '198.51.100.3',
      });
    const sent = await native(fields);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(
      '/schedule-meeting?form=meeting&result=sent#meeting-sent',
    );
    expect(await form.db.$count(meetingRequests)).toBe(1);
    const past = await native({ ...fields, preferredDate: '2020-01-01' });
    expect(past.headers.get('location')).toBe(
      '/schedule-meeting?form=meeting&result=invalid#meeting-invalid',
    );
    expect(await form.db.$count(meetingRequests)).toBe(1);
  });
});

describe('POST /api/schedule-meeting with random bodies', () => {
  const junk = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 120 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.string({ minLength: 4990, maxLength: 5010 }),
  );
  const validish = <T,>(good: fc.Arbitrary<T>) => validishOr(good, junk, 6);
  const today = localToday();
  const date = fc.oneof(
    fc.integer({ min: -3, max: 400 }).map((d) => addDays(today, d)),
    fc.constantFrom('2026-02-30', '2026-13-01', '', '2099-01-01', 'tomorrow'),
  );
  const formLike = fc.record(
    {
      ...contactFields(junk, 6, 'grace@example.com'),
      meetingType: validish(fc.constantFrom(...MEETING_TYPES.map((t) => t.value), 'lunch')),
      preferredDate: validish(date),
      preferredTime: validish(fc.constantFrom(...TIME_SLOTS, '12:00 PM', '4:30 PM', '09:00')),
      timezone: validish(fc.constantFrom(...TIMEZONES.map((t) => t.value), 'IST', 'EST (Eastern)')),
      message: validish(fc.lorem({ maxCount: 30 })),
      website: validishOr(fc.constant(''), junk, 8),
    },
    {
      requiredKeys: [
        'name',
        'email',
        'meetingType',
        'preferredDate',
        'preferredTime',
        'timezone',
        'website',
      ],
    },
  );
  itStoresExactlyWhatTheSchemaAccepts(
    form,
    {
      handler: scheduleMeetingHandler,
      schema: meetingRequestSchema(earliestToday()),
      formLike,
      refused: { success: false },
    },
    ({ stored, rejected }) => {
      expect(stored).toBeGreaterThan(10);
      expect(rejected).toBeGreaterThan(100);
    },
  );
});
