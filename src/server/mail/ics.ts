// Times are written in UTC, so no VTIMEZONE block is needed. A confirmation reuses the UID with a
// higher SEQUENCE, which updates the event already in the visitor's calendar instead of adding one.

export type IcsStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
export type IcsMethod = 'REQUEST' | 'PUBLISH' | 'CANCEL';
type IcsPerson = { name: string; email: string };

type IcsEvent = {
  uid: string;
  sequence?: number;
  method?: IcsMethod;
  status: IcsStatus;
  start: Date;
  durationMinutes: number;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  organizer: IcsPerson;
  attendee: IcsPerson;
  now?: Date;
};

type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function zoneOffsetMs(timeZone: string, utcMs: number): number {
  const instant = Math.floor(utcMs / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - instant;
}

// Like Temporal's "compatible" rule: a repeated wall time resolves to its first occurrence, a
// skipped one to the instant an hour later.
export function zonedTimeToUtc(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const day = 24 * 60 * 60 * 1000;
  // Zones change offset at most once a day: the offsets a day either side are the only candidates.
  const before = zoneOffsetMs(timeZone, asUtc - day);
  const after = zoneOffsetMs(timeZone, asUtc + day);
  const valid = [...new Set([before, after])]
    .map((offset) => asUtc - offset)
    .filter((instant) => zoneOffsetMs(timeZone, instant) === asUtc - instant);
  if (valid.length) return new Date(Math.min(...valid));
  return new Date(asUtc - before);
}

export function formatIcsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 §3.3.11. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

function paramValue(value: string): string {
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '').trim();
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** At most 75 octets per line without splitting a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = out.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function buildIcs(event: IcsEvent): string {
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//NovaReach Digital//Meetings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method ?? 'REQUEST'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${formatIcsUtc(event.now ?? new Date())}`,
    `DTSTART:${formatIcsUtc(event.start)}`,
    `DTEND:${formatIcsUtc(end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    'TRANSP:OPAQUE',
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${event.attendee.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
