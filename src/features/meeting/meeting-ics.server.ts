// One UID for the request, confirmation, proposal and decline, each update a higher SEQUENCE, so
// the visitor's calendar updates one entry instead of adding new ones.
import type { MeetingRequest } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { buildIcs, zonedTimeToUtc, type IcsMethod, type IcsStatus } from '../../server/mail/ics.ts';
import { siteSettings } from '../../lib/site-settings.ts';
import { meetingTypeOf, parseSlot, timezoneOf } from './meeting.ts';

export type SlotDescription = {
  meetingLabel: string;
  minutes: number;
  dateLabel: string;
  time: string;
  timezoneLabel: string;
  start: Date;
};

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

export function meetingUid(id: number, siteUrl = readEnv().siteUrl): string {
  return `meeting-${id}@${new URL(siteUrl).hostname}`;
}

function organizer(): { name: string; email: string } {
  const { mailFrom } = readEnv();
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return { name: siteSettings.name, email: address.trim() };
}

type MeetingIcsOptions = {
  status: IcsStatus;
  /** 0 for the request; the admin's confirmation uses 1 or more. */
  sequence?: number;
  method?: IcsMethod;
  override?: { date: string; time: string };
  location?: string;
  now?: Date;
};

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
    summary: `${slot.meetingLabel.replace(/ \(\d+ min\)$/, '')} with ${siteSettings.name}`,
    description: tentative
      ? `Requested meeting (${slot.meetingLabel}). This time is tentative until we confirm it within 24 hours; the Zoom link comes with the confirmation. To reschedule, e-mail us at least 24 hours ahead.`
      : `${slot.meetingLabel}. To reschedule, e-mail us at least 24 hours ahead.`,
    location: options.location ?? 'Zoom (link sent with the confirmation)',
    organizer: organizer(),
    attendee: { name: row.name, email: row.email },
    ...(options.now ? { now: options.now } : {}),
  });
}

// SEQUENCE must grow with every update: seconds since the request grow without a stored counter,
// and the request itself went out with 0.
export function icsSequence(row: Pick<MeetingRequest, 'createdAt'>, now: Date): number {
  return Math.max(1, Math.floor((now.getTime() - row.createdAt.getTime()) / 1000));
}
