import type { OutboxAttachment } from '../db/schema.ts';

/** A UTF-8 text file (e.g. an .ics invitation) as an outbox attachment (`content` is base64). */
export function textAttachment(
  filename: string,
  contentType: string,
  text: string,
): OutboxAttachment {
  return { filename, contentType, content: Buffer.from(text, 'utf8').toString('base64') };
}

/**
 * A calendar invitation (.ics text) as an outbox attachment that goes out as a real invitation:
 * nodemailer's `icalEvent` (a text/calendar alternative with METHOD, so Gmail and Outlook show
 * Accept/Decline) plus the same file attached for download.
 */
export function invitationAttachment(
  filename: string,
  method: 'REQUEST' | 'CANCEL',
  ics: string,
): OutboxAttachment {
  return {
    ...textAttachment(filename, `text/calendar; charset=utf-8; method=${method}`, ics),
    invitation: method,
  };
}

/** The nodemailer message parts of a row's attachments. */
export function attachmentParts(attachments: OutboxAttachment[]) {
  const invitation = attachments.find((a) => a.invitation);
  return {
    // nodemailer attaches the icalEvent's file itself; listing it again would send it twice.
    attachments: attachments
      .filter((a) => a !== invitation)
      .map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        encoding: 'base64' as const,
      })),
    ...(invitation?.invitation
      ? {
          icalEvent: {
            filename: invitation.filename,
            method: invitation.invitation,
            content: Buffer.from(invitation.content, 'base64').toString('utf8'),
          },
        }
      : {}),
  };
}
