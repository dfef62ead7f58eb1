import { readEnv } from '../env.ts';
import { logError } from '../log.ts';

/** The part of a nodemailer transport the outbox uses (tests may pass their own). */
export type MailTransport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments: { filename: string; contentType: string; content: string; encoding: 'base64' }[];
    icalEvent?: { filename: string; method: 'REQUEST' | 'CANCEL'; content: string };
    headers?: Record<string, string>;
  }): Promise<unknown>;
  close?(): void;
};

/** A nodemailer SMTP transport for SMTP_URL, or undefined when e-mail is not configured. */
export async function smtpTransport(
  smtpUrl = readEnv().smtpUrl,
): Promise<MailTransport | undefined> {
  if (!smtpUrl) return undefined;
  const nodemailer = await import('nodemailer');
  // Short timeouts: delivery runs inside functions with a limited lifetime.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0] & {
    url: string;
  });
  // A failed send rejects sendMail (the row is retried); a transport may also emit 'error'
  // (a pooled one, or a socket dropped between messages), which must not end the process.
  transport.on('error', (error) => logError('SMTP transport error', error));
  return transport as unknown as MailTransport;
}
