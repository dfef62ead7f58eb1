// The ONE schema both the form island and /api/schedule-meeting validate with.
import { isIsoDate } from '../../lib/iso-date';
import { isoDate, requiredText, withDefault, z } from '../../lib/zod-mini';

export * from './meeting-texts.ts';
import { FIELD_LIMITS, emailField, optionalText } from '../contact/contact';

export const MEETING_TYPES = [
  { value: 'consultation', label: 'Free Consultation (30 min)', minutes: 30 },
  { value: 'website-demo', label: 'Website Package Demo (45 min)', minutes: 45 },
  { value: 'ai-demo', label: 'AI Agent Demo (45 min)', minutes: 45 },
  { value: 'project-planning', label: 'Project Planning Session (60 min)', minutes: 60 },
  { value: 'technical-discussion', label: 'Technical Discussion (30 min)', minutes: 30 },
] as const;

type MeetingType = (typeof MEETING_TYPES)[number]['value'];

type TimeSlot = `${9 | 10 | 11}:${'00' | '30'} AM` | `${1 | 2 | 3}:${'00' | '30'} PM` | '4:00 PM';

function halfHourSlots(...ranges: [first: number, last: number][]) {
  const slots: string[] = [];
  for (const [first, last] of ranges) {
    for (let m = first; m <= last; m += 30) {
      const hour = Math.floor(m / 60);
      const minute = String(m % 60).padStart(2, '0');
      slots.push(`${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`);
    }
  }
  return slots as unknown as readonly [TimeSlot, ...TimeSlot[]];
}

/** 9:00 AM–11:30 AM and 1:00 PM–4:00 PM in 30-minute steps (no lunch slots, none after 4 PM). */
export const TIME_SLOTS = halfHourSlots([9 * 60, 11 * 60 + 30], [13 * 60, 16 * 60]);

// Short names are what visitors know; the IANA zone is what the slot means, so "EST" in July is
// Eastern Daylight Time, as people expect.
export const TIMEZONES = [
  { value: 'EST', label: 'EST (Eastern)', iana: 'America/New_York' },
  { value: 'CST', label: 'CST (Central)', iana: 'America/Chicago' },
  { value: 'MST', label: 'MST (Mountain)', iana: 'America/Denver' },
  { value: 'PST', label: 'PST (Pacific)', iana: 'America/Los_Angeles' },
  { value: 'UTC', label: 'UTC', iana: 'UTC' },
  { value: 'GMT', label: 'GMT (London)', iana: 'Europe/London' },
  { value: 'CET', label: 'CET (Central Europe)', iana: 'Europe/Paris' },
] as const;

type TimezoneValue = (typeof TIMEZONES)[number]['value'];

export const MAX_DAYS_AHEAD = 365;

export const MEETING_MESSAGES = {
  name: 'Name must be at least 2 characters',
  meetingType: 'Please choose a meeting type',
  date: 'Please choose a date',
  datePast: 'Please choose today or a later date',
  dateTooFar: `Please choose a date within the next ${MAX_DAYS_AHEAD} days`,
  time: 'Please choose a time',
  timezone: 'Please choose a timezone',
} as const;

export function meetingTypeOf(value: string) {
  return MEETING_TYPES.find((t) => t.value === value);
}

export function timezoneOf(value: string) {
  return TIMEZONES.find((t) => t.value === value);
}

export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

// UTC−12: not knowing the visitor's zone, the server rejects only dates past everywhere.
export function earliestToday(now = new Date()): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values as unknown as { [K in T[number]]: K }, { error: message });

/** The form passes the visitor's local date, the server earliestToday(). */
export function meetingRequestSchema(today: string) {
  const latest = addDays(today, MAX_DAYS_AHEAD + 1);
  return z.object({
    name: requiredText(
      2,
      FIELD_LIMITS.name,
      MEETING_MESSAGES.name,
      `Name must be at most ${FIELD_LIMITS.name} characters`,
    ),
    email: emailField(),
    phone: optionalText(FIELD_LIMITS.phone, 'Phone'),
    company: optionalText(FIELD_LIMITS.company, 'Company'),
    meetingType: requiredChoice(
      MEETING_TYPES.map((t) => t.value) as unknown as [MeetingType, ...MeetingType[]],
      MEETING_MESSAGES.meetingType,
    ),
    preferredDate: z.string({ error: MEETING_MESSAGES.date }).check(
      z.trim(),
      z.minLength(1, MEETING_MESSAGES.date),
      z.refine(isIsoDate, MEETING_MESSAGES.date),
      z.refine((d) => !isIsoDate(d) || d >= today, MEETING_MESSAGES.datePast),
      z.refine((d) => !isIsoDate(d) || d <= latest, MEETING_MESSAGES.dateTooFar),
    ),
    preferredTime: requiredChoice(TIME_SLOTS, MEETING_MESSAGES.time),
    timezone: requiredChoice(
      TIMEZONES.map((t) => t.value) as unknown as [TimezoneValue, ...TimezoneValue[]],
      MEETING_MESSAGES.timezone,
    ),
    message: optionalText(FIELD_LIMITS.message, 'Message'),
    /** Honeypot; see contact.ts. */
    website: optionalText(FIELD_LIMITS.honeypot, 'Website'),
  });
}

export type MeetingRequest = z.output<ReturnType<typeof meetingRequestSchema>>;

export type MeetingFormValues = {
  name: string;
  email: string;
  phone: string;
  company: string;
  meetingType: string;
  preferredDate: string;
  preferredTime: string;
  timezone: string;
  message: string;
};

export const EMPTY_MEETING_FORM: MeetingFormValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  meetingType: '',
  preferredDate: '',
  preferredTime: '',
  timezone: '',
  message: '',
};

export function parseSlot(slot: string): { hour: number; minute: number } {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(slot);
  if (!match) throw new Error(`Not a time slot: ${slot}`);
  const hour12 = Number(match[1]) % 12;
  return { hour: match[3] === 'PM' ? hour12 + 12 : hour12, minute: Number(match[2]) };
}

// The admin panel validates with it before sending, the server with the same schema.
const note = withDefault(z.string().check(z.trim(), z.maxLength(2000, 'The note is too long')), '');

export function meetingActionSchema(timeSlots: readonly string[]) {
  return z.discriminatedUnion('action', [
    z.object({ action: z.literal('confirm'), note }),
    z.object({
      action: z.literal('propose'),
      date: isoDate('Please choose a valid date'),
      time: z
        .string()
        .check(z.refine((t) => timeSlots.includes(t), 'Please choose one of the offered times')),
      note,
    }),
    z.object({ action: z.literal('decline'), note }),
  ]);
}
export type MeetingAction = z.output<ReturnType<typeof meetingActionSchema>>;
