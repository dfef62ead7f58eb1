// Needs no database and no other secret: run it with the production values in the shell.
import { siteSettings } from '../src/lib/site-settings.ts';
import { loadLocalEnv } from '../src/server/local-env.ts';
import { mailTestEmail } from '../src/server/mail/mail-test-email.tsx';
import { smtpTransport } from '../src/server/mail/smtp-transport.ts';

loadLocalEnv();
const to = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
const { SMTP_URL } = process.env;
const from = process.env.MAIL_FROM || `${siteSettings.name} <${siteSettings.salesEmail}>`;
if (!to || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(to)) {
  console.error('Usage: npm run mail:test -- <address>   (with SMTP_URL and MAIL_FROM set)');
  process.exit(2);
}
if (!SMTP_URL) {
  console.error(
    'mail:test: SMTP_URL is not set (e.g. smtps://user:password@smtp.example.com:465); without it the site sends nothing.',
  );
  process.exit(1);
}
let smtpHost: string;
try {
  const url = new URL(SMTP_URL);
  smtpHost = `${url.hostname}${url.port ? `:${url.port}` : ''}`;
} catch {
  console.error('mail:test: SMTP_URL is not a URL (smtp://… or smtps://…).');
  process.exit(1);
}

const transport = (await smtpTransport(SMTP_URL))!;
const email = mailTestEmail({ from, smtpHost, sentAt: new Date() });
try {
  const sent = (await transport.sendMail({ from, to, ...email, attachments: [] })) as {
    messageId?: string;
    response?: string;
    rejected?: unknown[];
  };
  if (sent.rejected?.length) {
    console.error(`mail:test: ${smtpHost} refused ${to}: ${sent.response ?? ''}`);
    process.exit(1);
  }
  console.log(`mail:test: ${smtpHost} accepted the message for ${to} from ${from}.`);
  if (sent.messageId) console.log(`  Message-ID ${sent.messageId}`);
  if (sent.response) console.log(`  Server: ${sent.response}`);
  console.log(
    '  Check the inbox (and spam folder); its original source should show spf=pass, dkim=pass and dmarc=pass.',
  );
} catch (error) {
  // The server's own words (authentication, TLS, refused sender); the URL's password never.
  console.error(`mail:test: sending through ${smtpHost} failed: ${(error as Error).message}`);
  process.exit(1);
}
