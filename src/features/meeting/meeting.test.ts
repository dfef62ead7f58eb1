import { describe, expect, it } from 'vitest';
import {
  addDays,
  earliestToday,
  localToday,
  MAX_DAYS_AHEAD,
  MEETING_MESSAGES,
  MEETING_TYPES,
  meetingRequestSchema,
  parseSlot,
  TIME_SLOTS,
  TIMEZONES,
} from './meeting';
import { SPEC_TIME_SLOTS, SPEC_TIMEZONE_LABELS } from '../../testing/meeting-spec';

const today = '2026-03-10';
const schema = meetingRequestSchema(today);
const valid = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '',
  company: 'Navy',
  meetingType: 'consultation',
  preferredDate: '2026-03-12',
  preferredTime: '9:30 AM',
  timezone: 'EST',
  message: '',
};

function messages(body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('meeting choices', () => {
  it('offers exactly the 13 time slots, 9:00 AM–11:30 AM and 1:00 PM–4:00 PM', () => {
    expect(TIME_SLOTS).toEqual(SPEC_TIME_SLOTS);
    const minutes = TIME_SLOTS.map((s) => parseSlot(s)).map((t) => t.hour * 60 + t.minute);
    expect(minutes.every((m) => m % 30 === 0 && m >= 9 * 60 && m <= 16 * 60)).toBe(true);
    expect(minutes).not.toContain(12 * 60);
    expect(minutes).not.toContain(12 * 60 + 30);
  });

  it('offers the seven timezones with their labels and IANA zones', () => {
    expect(TIMEZONES.map((t) => t.label)).toEqual(SPEC_TIMEZONE_LABELS);
    expect(TIMEZONES.map((t) => t.iana)).toEqual([
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'UTC',
      'Europe/London',
      'Europe/Paris',
    ]);
  });

  it('offers the five meeting types with the spec labels and lengths', () => {
    expect(MEETING_TYPES.map((t) => [t.value, t.label, t.minutes])).toEqual([
      ['consultation', 'Free Consultation (30 min)', 30],
      ['website-demo', 'Website Package Demo (45 min)', 45],
      ['ai-demo', 'AI Agent Demo (45 min)', 45],
      ['project-planning', 'Project Planning Session (60 min)', 60],
      ['technical-discussion', 'Technical Discussion (30 min)', 30],
    ]);
  });

  it('parses slots to 24-hour times', () => {
    expect(parseSlot('9:00 AM')).toEqual({ hour: 9, minute: 0 });
    expect(parseSlot('11:30 AM')).toEqual({ hour: 11, minute: 30 });
    expect(parseSlot('1:00 PM')).toEqual({ hour: 13, minute: 0 });
    expect(parseSlot('4:00 PM')).toEqual({ hour: 16, minute: 0 });
    expect(() => parseSlot('16:00')).toThrow();
  });
});

describe('dates', () => {
  it('computes local and earliest-on-Earth today', () => {
    expect(localToday(new Date(2026, 2, 10, 23, 59))).toBe('2026-03-10');
    // 05:00 UTC on the 10th is still the 9th at UTC−12.
    expect(earliestToday(new Date('2026-03-10T05:00:00Z'))).toBe('2026-03-09');
    expect(earliestToday(new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('meeting request schema', () => {
  it('accepts a complete request and defaults the optional fields', () => {
    expect(schema.parse(valid)).toEqual({ ...valid, website: '' });
    const required = Object.fromEntries(
      Object.entries(valid).filter(([k]) => !['phone', 'company', 'message'].includes(k)),
    );
    expect(schema.parse(required)).toMatchObject({ phone: '', company: '', message: '' });
  });

  it('accepts every offered type, slot and timezone', () => {
    for (const t of MEETING_TYPES) expect(messages({ ...valid, meetingType: t.value })).toEqual({});
    for (const s of TIME_SLOTS) expect(messages({ ...valid, preferredTime: s })).toEqual({});
    for (const z of TIMEZONES) expect(messages({ ...valid, timezone: z.value })).toEqual({});
  });

  it('rejects unknown types, times and timezones with exact messages', () => {
    expect(MEETING_MESSAGES.meetingType).toBe('Please choose a meeting type');
    expect(messages({ ...valid, meetingType: 'lunch' })).toEqual({
      meetingType: 'Please choose a meeting type',
    });
    expect(messages({ ...valid, meetingType: '' })).toEqual({
      meetingType: 'Please choose a meeting type',
    });
    expect(messages({ ...valid, preferredTime: '12:00 PM' })).toEqual({
      preferredTime: 'Please choose a time',
    });
    expect(messages({ ...valid, preferredTime: '4:30 PM' })).toEqual({
      preferredTime: 'Please choose a time',
    });
    expect(messages({ ...valid, timezone: 'IST' })).toEqual({
      timezone: 'Please choose a timezone',
    });
    expect(messages({ ...valid, timezone: 'EST (Eastern)' })).toEqual({
      timezone: 'Please choose a timezone',
    });
  });

  it('rejects past, malformed and far-future dates; accepts today', () => {
    expect(messages({ ...valid, preferredDate: today })).toEqual({});
    expect(messages({ ...valid, preferredDate: '2026-03-09' })).toEqual({
      preferredDate: 'Please choose today or a later date',
    });
    expect(messages({ ...valid, preferredDate: '' })).toEqual({
      preferredDate: 'Please choose a date',
    });
    expect(messages({ ...valid, preferredDate: '2026-02-30' })).toEqual({
      preferredDate: 'Please choose a date',
    });
    expect(messages({ ...valid, preferredDate: addDays(today, MAX_DAYS_AHEAD) })).toEqual({});
    expect(messages({ ...valid, preferredDate: addDays(today, MAX_DAYS_AHEAD + 2) })).toEqual({
      preferredDate: `Please choose a date within the next ${MAX_DAYS_AHEAD} days`,
    });
  });

  it('requires name and email with the contact form messages', () => {
    expect(messages({ ...valid, name: 'G' })).toEqual({
      name: 'Name must be at least 2 characters',
    });
    expect(messages({ ...valid, email: 'grace@' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(messages({ ...valid, message: 'x'.repeat(5001) })).toEqual({
      message: 'Message must be at most 5000 characters',
    });
  });
});
