/**
 * E-mail templates: every message has a plain-text and an HTML body built from the same
 * parts, and every visitor-supplied value is HTML-escaped. `renderEmail` is the shared
 * layout other features (receipts, sign-in links, confirmations) can reuse.
 *
 * Visitor receipts deliberately do not echo the visitor's free text: the address is
 * unverified, and echoing the message would let anyone send arbitrary text to a stranger
 * through our mail server.
 */
import type { ContactMessage, MeetingRequest } from '../db/schema.ts';

export const BRAND = 'NovaReach Digital';

export type EmailContent = { subject: string; text: string; html: string };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Newlines in visitor text become <br> after escaping. */
function htmlText(value: string): string {
  return escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>');
}

export type EmailParts = {
  heading: string;
  /** Paragraphs of plain text (escaped for HTML). */
  paragraphs: string[];
  /** Label/value rows, e.g. the submitted fields; empty values are left out. */
  details?: [label: string, value: string][];
  /** A call to action link. */
  action?: { label: string; url: string };
  /** Closing paragraphs under the details. */
  closing?: string[];
};

export function renderEmail(parts: EmailParts): { text: string; html: string } {
  const details = (parts.details ?? []).filter(([, v]) => v.trim() !== '');
  const text = [
    parts.heading,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...details.map(([label, value]) =>
      value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`,
    ),
    ...(details.length ? [''] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    ...(parts.closing ?? []).flatMap((p) => [p, '']),
    `— ${BRAND}`,
  ].join('\n');

  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;color:#4a5370;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0;color:#141a2e">${htmlText(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#141a2e;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #d9dce8;border-radius:12px;padding:28px">
<p style="margin:0 0 16px;font-weight:700;color:#3b2fc9">${BRAND}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(parts.heading)}</h1>
${parts.paragraphs.map((p) => `<p style="margin:0 0 14px">${htmlText(p)}</p>`).join('\n')}
${rows ? `<table role="presentation" style="border-collapse:collapse;margin:8px 0 18px;font-size:15px">${rows}</table>` : ''}
${parts.action ? `<p style="margin:0 0 18px"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#3b2fc9;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${escapeHtml(parts.action.label)}</a></p>` : ''}
${(parts.closing ?? []).map((p) => `<p style="margin:0 0 14px">${htmlText(p)}</p>`).join('\n')}
</div>
</body></html>`;
  return { text, html };
}

export function contactTeamEmail(msg: ContactMessage): EmailContent {
  return {
    subject: `New contact message from ${msg.name}`,
    ...renderEmail({
      heading: 'New contact message',
      paragraphs: [
        `${msg.name} sent a message through the contact form. We promised a reply within 24 hours.`,
      ],
      details: [
        ['Name', msg.name],
        ['Email', msg.email],
        ['Phone', msg.phone],
        ['Company', msg.company],
        ['Message', msg.message],
        ['Received', msg.createdAt.toISOString()],
        ['Reference', `contact #${msg.id}`],
      ],
    }),
  };
}

export function contactReceiptEmail(msg: ContactMessage): EmailContent {
  return {
    subject: `We received your message — ${BRAND}`,
    ...renderEmail({
      heading: `Thank you, ${msg.name}`,
      paragraphs: [
        "Thank you for contacting us. We'll get back to you within 24 hours.",
        'If anything is urgent, simply reply to this e-mail.',
      ],
      details: [['Reference', `contact #${msg.id}`]],
    }),
  };
}

/** A requested meeting slot, described for people (see describeSlot in meeting.server.ts). */
export type SlotDescription = {
  meetingLabel: string;
  minutes: number;
  /** "Tuesday, March 10, 2026" */
  dateLabel: string;
  /** "9:30 AM" */
  time: string;
  /** "EST (Eastern)" */
  timezoneLabel: string;
  start: Date;
};

export function slotSentence(slot: SlotDescription): string {
  const utc = slot.start.toISOString().slice(11, 16);
  return `${slot.dateLabel} at ${slot.time} ${slot.timezoneLabel} (${utc} UTC), ${slot.minutes} minutes`;
}

export function meetingTeamEmail(req: MeetingRequest, slot: SlotDescription): EmailContent {
  return {
    subject: `New meeting request: ${slot.meetingLabel} with ${req.name}`,
    ...renderEmail({
      heading: 'New meeting request',
      paragraphs: [
        `${req.name} asked for a meeting. Please confirm or propose another time within 24 hours.`,
      ],
      details: [
        ['Meeting', slot.meetingLabel],
        ['Requested time', slotSentence(slot)],
        ['Name', req.name],
        ['Email', req.email],
        ['Phone', req.phone],
        ['Company', req.company],
        ['Message', req.message],
        ['Reference', `meeting #${req.id}`],
      ],
    }),
  };
}

export function meetingReceiptEmail(req: MeetingRequest, slot: SlotDescription): EmailContent {
  return {
    subject: `Meeting request received: ${slot.meetingLabel}`,
    ...renderEmail({
      heading: `Thank you, ${req.name}`,
      paragraphs: [
        "We've received your meeting request. We'll contact you within 24 hours to confirm your meeting time.",
        'The attached calendar invitation is marked tentative until we confirm it. Meetings are held on Zoom; the link comes with the confirmation.',
      ],
      details: [
        ['Meeting', slot.meetingLabel],
        ['Requested time', slotSentence(slot)],
        ['Reference', `meeting #${req.id}`],
      ],
      closing: [
        'Need to reschedule? Reply to this e-mail at least 24 hours before the meeting and we will find a new time.',
      ],
    }),
  };
}
