/**
 * Meeting requests on the server: the form's schema (with "today" taken as the earliest date
 * anywhere), the per-address limit and honeypot, then the request and its two e-mails in one
 * transaction. The visitor's e-mail carries a tentative .ics invitation.
 *
 * buildMeetingIcs() and describeSlot() are exported for the admin panel's confirmations: the
 * same UID with a higher sequence and status CONFIRMED updates the visitor's calendar entry.
 */
import { ZodError } from '../../lib/zod';
import { getDb, type Db } from '../../server/db/client.ts';
import { meetingRequests, type MeetingRequest } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { buildIcs, zonedTimeToUtc, type IcsMethod, type IcsStatus } from '../../server/mail/ics.ts';
import {
  assertSameOrigin,
  clientIp,
  describeZodError,
  handler,
  HttpError,
  json,
} from '../../server/http.ts';
import { deliverInBackground, enqueueEmail, textAttachment } from '../../server/mail/outbox.ts';
import {
  BRAND,
  meetingReceiptEmail,
  meetingTeamEmail,
  type SlotDescription,
} from '../../server/mail/templates.ts';
import type { RateLimit } from '../../server/rate-limit.ts';
import {
  enforceFormLimit,
  readFormBody,
  type ContactResult,
  type SubmitOptions,
} from '../contact/contact.server.ts';
import {
  earliestToday,
  MEETING_SUCCESS,
  meetingRequestSchema,
  meetingTypeOf,
  parseSlot,
  timezoneOf,
} from './meeting.ts';

export const MEETING_RATE_LIMIT: RateLimit = { limit: 10, windowSeconds: 10 * 60 };

export type MeetingResult = Omit<ContactResult, 'message'> & { request: MeetingRequest | null };

/** The slot a row asks for (or `override`, e.g. a time the team proposed), for people and calendars. */
export function describeSlot(
  row: Pick<MeetingRequest, 'meetingType' | 'preferredDate' | 'preferredTime' | 'timezone'>,
  override?: { date: string; time: string },
): SlotDescription {
  const date = override?.date ?? row.preferredDate;
  const time = override?.time ?? row.preferredTime;
  const type = meetingTypeOf(row.meetingType);
  const zone = timezoneOf(row.timezone);
  if (!type || !zone) throw new Error(`Meeting request has an unknown type or timezone`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const { hour, minute } = parseSlot(time);
  const dateLabel = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, day)));
  return {
    meetingLabel: type.label,
    minutes: type.minutes,
    dateLabel,
    time,
    timezoneLabel: zone.label,
    start: zonedTimeToUtc({ year, month, day, hour, minute }, zone.iana),
  };
}

/** The calendar UID of a meeting request; identical for the request and its confirmation. */
export function meetingUid(id: number, siteUrl = readEnv().siteUrl): string {
  return `meeting-${id}@${new URL(siteUrl).hostname}`;
}

function organizer(): { name: string; email: string } {
  const { mailFrom } = readEnv();
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return { name: BRAND, email: address.trim() };
}

export type MeetingIcsOptions = {
  status: IcsStatus;
  /** 0 for the request; the admin's confirmation uses 1 or more. */
  sequence?: number;
  method?: IcsMethod;
  /** Another date/time than the requested one (e.g. a proposed time). */
  override?: { date: string; time: string };
  /** E.g. the Zoom link in a confirmation. */
  location?: string;
  now?: Date;
};

/** The .ics invitation for a meeting request row. */
export function buildMeetingIcs(row: MeetingRequest, options: MeetingIcsOptions): string {
  const slot = describeSlot(row, options.override);
  const tentative = options.status === 'TENTATIVE';
  return buildIcs({
    uid: meetingUid(row.id),
    sequence: options.sequence ?? 0,
    method: options.method ?? 'REQUEST',
    status: options.status,
    start: slot.start,
    durationMinutes: slot.minutes,
    summary: `${slot.meetingLabel.replace(/ \(\d+ min\)$/, '')} with ${BRAND}`,
    description: tentative
      ? `Requested meeting (${slot.meetingLabel}). This time is tentative until we confirm it within 24 hours; the Zoom link comes with the confirmation. To reschedule, e-mail us at least 24 hours ahead.`
      : `${slot.meetingLabel}. To reschedule, e-mail us at least 24 hours ahead.`,
    location: options.location ?? 'Zoom (link sent with the confirmation)',
    organizer: organizer(),
    attendee: { name: row.name, email: row.email },
    ...(options.now ? { now: options.now } : {}),
  });
}

export async function submitMeetingRequest(
  db: Db,
  body: unknown,
  options: SubmitOptions,
): Promise<MeetingResult> {
  const now = options.now ?? new Date();
  const input = meetingRequestSchema(earliestToday(now)).parse(body);
  await enforceFormLimit(db, 'schedule-meeting', { ...options, now }, MEETING_RATE_LIMIT);
  if (input.website) return { request: null, emailIds: [] };

  const { teamEmail } = readEnv();
  return db.transaction(async (tx) => {
    const [request] = await tx
      .insert(meetingRequests)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        meetingType: input.meetingType,
        preferredDate: input.preferredDate,
        preferredTime: input.preferredTime,
        timezone: input.timezone,
        message: input.message,
      })
      .returning();
    if (!request) throw new Error('Storing the meeting request returned no row');
    const slot = describeSlot(request);
    const ics = buildMeetingIcs(request, { status: 'TENTATIVE', now });
    const team = await enqueueEmail(tx as unknown as Db, {
      kind: 'meeting.team',
      to: teamEmail,
      ...meetingTeamEmail(request, slot),
    });
    const receipt = await enqueueEmail(tx as unknown as Db, {
      kind: 'meeting.receipt',
      to: request.email,
      ...meetingReceiptEmail(request, slot),
      attachments: [
        textAttachment('meeting-request.ics', 'text/calendar; charset=utf-8; method=REQUEST', ics),
      ],
    });
    return { request, emailIds: [team.id, receipt.id] };
  });
}

function failure(status: number, message: string, headers: Record<string, string> = {}) {
  return json({ success: false, message, error: message }, { status, headers });
}

/**
 * The /api/schedule-meeting handler: `{ success: true, message }`, or
 * `{ success: false, message, error }` with a 4xx (the form reads `success` and `message`).
 * `rateLimit` replaces the app limit (`false` for the property tests).
 */
export function scheduleMeetingHandler(options: { rateLimit?: RateLimit | false } = {}) {
  return handler(['POST'], async (req, context) => {
    try {
      assertSameOrigin(req);
      const body = await readFormBody(req);
      const db = await getDb();
      const { emailIds } = await submitMeetingRequest(db, body, {
        ip: clientIp(req),
        ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
      });
      // The answer does not wait for SMTP; whatever is not sent now stays queued.
      if (emailIds.length) void deliverInBackground(db, emailIds, context);
      return json({ success: true, message: MEETING_SUCCESS.description });
    } catch (error) {
      if (error instanceof HttpError) return failure(error.status, error.message, error.headers);
      if (error instanceof ZodError) return failure(400, describeZodError(error));
      throw error;
    }
  });
}
