/**
 * Test helper (never imported by app code): a real SMTP peer on 127.0.0.1 (`smtp-server`)
 * that records what it receives, parsed by `mailparser` as a mail client would read it
 * (subject, text, HTML, attachments), and can be told to reject mail.
 */
import { simpleParser, type Attachment, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** The SMTP envelope's sender and recipients. */
  from: string;
  to: string[];
  raw: string;
  mail: ParsedMail;
};

/** The attachment of this content type (e.g. 'text/calendar'), if the message has one. */
export function attachmentOf(mail: ParsedMail, contentType: string): Attachment | undefined {
  return mail.attachments.find((a) => a.contentType === contentType);
}

/** A content-type parameter of an attachment, e.g. the calendar's `method`. */
export function contentTypeParam(attachment: Attachment, name: string): string | undefined {
  const header = attachment.headers.get('content-type') as
    { value: string; params: Record<string, string> } | undefined;
  return header?.params[name];
}

export type TestSmtp = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While set, every message is refused at DATA with this SMTP code and text. */
  reject: { code: number; message: string } | null;
  close(): Promise<void>;
};

export async function startTestSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = {
    port: 0,
    url: '',
    received: [],
    reject: null,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no TLS certificate to trust in tests.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.reject) {
          const error = Object.assign(new Error(state.reject.message), {
            responseCode: state.reject.code,
          });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (mail) => {
            state.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: raw.toString('utf8'),
              mail,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  state.port = typeof address === 'object' && address ? address.port : 0;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
