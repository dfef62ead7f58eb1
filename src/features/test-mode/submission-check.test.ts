import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import testSubmission from '../../../netlify/functions/test-submission.mts';
import { closeDb, type Db } from '../../server/db/client';
import { useFreshTestDb } from '../../testing/test-db';
import { addDays, localToday } from '../meeting/meeting';
import { submitMeetingRequest } from '../meeting/meeting.server';
import { submitContactMessage } from '../contact/contact.server';
import { checkSubmission } from './submission-check.server';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());
afterEach(() => vi.unstubAllEnvs());

const contact = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'A website, please.' };
const meeting = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  meetingType: 'consultation',
  preferredDate: addDays(localToday(), 5),
  preferredTime: '10:30 AM',
  timezone: 'PST',
};

describe('submission check (test endpoint)', () => {
  it('confirms a stored contact message and its queued e-mails, and nothing for other content', async () => {
    vi.stubEnv('SMTP_URL', '');
    await submitContactMessage(db, contact, { ip: '192.0.2.1' });
    expect(await checkSubmission(db, { kind: 'contact', ...contact })).toEqual({
      stored: 1,
      emails: [
        { kind: 'contact.team', recipient: 'team', attachments: [] },
        { kind: 'contact.receipt', recipient: 'visitor', attachments: [] },
      ],
    });
    expect(
      await checkSubmission(db, { kind: 'contact', ...contact, message: 'Something else' }),
    ).toEqual({
      stored: 0,
      emails: [],
    });
  });

  it('reports the tentative invitation queued with a meeting request', async () => {
    await submitMeetingRequest(db, meeting, { ip: '192.0.2.1' });
    const result = await checkSubmission(db, { kind: 'meeting', ...meeting });
    expect(result.stored).toBe(1);
    expect(result.emails).toEqual([
      { kind: 'meeting.team', recipient: 'team', attachments: [] },
      {
        kind: 'meeting.receipt',
        recipient: 'visitor',
        attachments: ['meeting-request.ics'],
        invitation: ['REQUEST', 'TENTATIVE'],
      },
    ]);
  });

  it('is served only in simulated mode', async () => {
    const request = () =>
      new Request('http://localhost/api/test/submission', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'contact', ...contact }),
      });
    const res = await testSubmission(request(), {});
    expect(res.status).toBe(200);
    expect((await res.json()).stored).toBe(1);
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_123');
    expect((await testSubmission(request(), {})).status).toBe(404);
  });
});
