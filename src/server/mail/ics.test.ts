import { describe, expect, it } from 'vitest';
import { TIMEZONES } from '../../features/meeting/meeting';
import {
  buildIcs,
  escapeIcsText,
  foldIcsLine,
  formatIcsUtc,
  zonedTimeToUtc,
  zoneOffsetMs,
} from './ics';

const at = (date: string, hour: number, minute: number) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day, hour, minute };
};
const zone = (value: string) => TIMEZONES.find((t) => t.value === value)!.iana;
const utc = (date: string, hour: number, minute: number, tz: string) =>
  zonedTimeToUtc(at(date, hour, minute), zone(tz)).toISOString();

describe('wall time in an offered timezone → UTC', () => {
  // The same wall time in each offered timezone, and the hour it is in UTC.
  it.each([
    [
      'winter (standard time)',
      '2026-01-15',
      9,
      { EST: 14, CST: 15, MST: 16, PST: 17, UTC: 9, GMT: 9, CET: 8 },
    ],
    [
      'summer (daylight saving)',
      '2026-07-15',
      16,
      { EST: 20, CST: 21, MST: 22, PST: 23, UTC: 16, GMT: 15, CET: 14 },
    ],
  ] as const)('converts %s slots', (_season, date, hour, utcHours) => {
    for (const [tz, utcHour] of Object.entries(utcHours)) {
      const expected = `${date}T${String(utcHour).padStart(2, '0')}:00:00.000Z`;
      expect(utc(date, hour, 0, tz), tz).toBe(expected);
    }
  });

  it('handles the days on which the clocks change', () => {
    // US: 2026-03-08 02:00 → 03:00; the 9:00 slot that day is already daylight time.
    expect(utc('2026-03-07', 9, 0, 'EST')).toBe('2026-03-07T14:00:00.000Z');
    expect(utc('2026-03-08', 9, 0, 'EST')).toBe('2026-03-08T13:00:00.000Z');
    // The US and Europe change on different weekends: on 2026-03-20 New York is on EDT, Paris still on CET.
    expect(utc('2026-03-20', 9, 0, 'EST')).toBe('2026-03-20T13:00:00.000Z');
    expect(utc('2026-03-20', 9, 0, 'CET')).toBe('2026-03-20T08:00:00.000Z');
    // Europe: 2026-03-29 and 2026-10-25.
    expect(utc('2026-03-29', 9, 0, 'GMT')).toBe('2026-03-29T08:00:00.000Z');
    expect(utc('2026-03-29', 9, 0, 'CET')).toBe('2026-03-29T07:00:00.000Z');
    expect(utc('2026-10-25', 9, 0, 'CET')).toBe('2026-10-25T08:00:00.000Z');
    // US fall back 2026-11-01.
    expect(utc('2026-10-31', 13, 30, 'PST')).toBe('2026-10-31T20:30:00.000Z');
    expect(utc('2026-11-01', 13, 30, 'PST')).toBe('2026-11-01T21:30:00.000Z');
  });

  it('resolves a wall time inside a spring-forward gap one hour later, and round-trips otherwise', () => {
    expect(zonedTimeToUtc(at('2026-03-08', 2, 30), 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    for (const tz of TIMEZONES) {
      for (const date of ['2026-01-01', '2026-04-15', '2026-08-31', '2026-12-24']) {
        const instant = zonedTimeToUtc(at(date, 10, 30), tz.iana);
        const wall = new Date(instant.getTime() + zoneOffsetMs(tz.iana, instant.getTime()));
        expect(wall.toISOString().slice(0, 16)).toBe(`${date}T10:30`);
      }
    }
  });
});

describe('iCalendar text', () => {
  it('formats UTC times and escapes TEXT values', () => {
    expect(formatIcsUtc(new Date('2026-03-10T14:30:00.123Z'))).toBe('20260310T143000Z');
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting characters', () => {
    const folded = foldIcsLine(`DESCRIPTION:${'é'.repeat(80)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(
      `DESCRIPTION:${'é'.repeat(80)}`,
    );
  });

  it('builds a tentative REQUEST with UTC times, organizer and attendee', () => {
    const ics = buildIcs({
      uid: 'meeting-7@novareach.example',
      status: 'TENTATIVE',
      start: new Date('2026-07-15T20:00:00Z'),
      durationMinutes: 45,
      summary: 'Website Package Demo with NovaReach Digital',
      description: 'Line one\nLine two; with, punctuation',
      location: 'Zoom',
      organizer: { name: 'NovaReach Digital', email: 'hello@novareach.example' },
      attendee: { name: 'Doe, Jane "JD"', email: 'jane@example.com' },
      now: new Date('2026-07-01T12:00:00Z'),
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    const unfolded = ics.replace(/\r\n /g, '');
    const lines = unfolded.trimEnd().split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('STATUS:TENTATIVE');
    expect(lines).toContain('UID:meeting-7@novareach.example');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('DTSTAMP:20260701T120000Z');
    expect(lines).toContain('DTSTART:20260715T200000Z');
    expect(lines).toContain('DTEND:20260715T204500Z');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two\\; with\\, punctuation');
    expect(lines).toContain('ORGANIZER;CN=NovaReach Digital:mailto:hello@novareach.example');
    expect(lines).toContain(
      'ATTENDEE;CN="Doe, Jane JD";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:jane@example.com',
    );
    expect(ics).not.toMatch(/[^\r]\n/);
  });

  it('marks confirmations CONFIRMED with a higher sequence', () => {
    const ics = buildIcs({
      uid: 'meeting-7@novareach.example',
      sequence: 1,
      status: 'CONFIRMED',
      start: new Date('2026-07-15T20:00:00Z'),
      durationMinutes: 30,
      summary: 'Consultation',
      organizer: { name: 'NovaReach Digital', email: 'hello@novareach.example' },
      attendee: { name: 'Jane', email: 'jane@example.com' },
    });
    expect(ics).toContain('STATUS:CONFIRMED\r\n');
    expect(ics).toContain('SEQUENCE:1\r\n');
    expect(ics).toContain('METHOD:REQUEST\r\n');
  });
});

describe('ambiguous wall times', () => {
  it('takes the first occurrence of a repeated time', () => {
    expect(zonedTimeToUtc(at('2026-11-01', 1, 30), 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(zonedTimeToUtc(at('2026-10-25', 2, 30), 'Europe/Paris').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});
