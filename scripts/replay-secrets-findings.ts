// Only HTTP, and SQL as a leaked copy would read the outbox, so the same script shows the before
// and the after: `--root /path/to/old/checkout` replays an older build.
import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import pg from 'pg';
import { openedText } from '../src/testing/sent-mail.ts';
import { CLIENT_ONBOARDING_FORM } from '../src/testing/client-onboarding-form.ts';
import { startPostgres } from '../src/testing/postgres-server.ts';
import { PROJECT_ROOT, freePort, startHost, sleep } from './local-netlify/host-harness.ts';
import { Browser as BrowserAt, buy } from './lib/replay-browser.ts';
import { startCrmStandIn } from './lib/crm-stand-in.ts';

// The host runs as `npm run preview` does, with the development secret: the legitimate
// recipient's steps open sealed links with that key, as the outbox does when it sends them.
process.env.NOVAREACH_LOCAL_RUN ??= 'preview';

const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? process.argv[rootArg + 1]! : PROJECT_ROOT;

/** A PNG whose header says 8192×8192 RGBA at 16 bits: 512 MiB once inflated, 510 KiB as sent. */
function pngBomb(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, sum]);
  };
  const [width, height, bytesPerPixel] = [8192, 8192, 8];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([16, 6, 0, 0, 0], 8);
  const raw = deflateSync(Buffer.alloc(height * (1 + width * bytesPerPixel)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', raw),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const postgres = await startPostgres();
const crm = await startCrmStandIn();
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
await admin.query('CREATE DATABASE replay');
await admin.end();
const dbUrl = postgres.url.replace(/\/postgres$/, '/replay');
const host = await startHost({
  root,
  port: await freePort(),
  timeoutMs: 120_000,
  env: {
    DATABASE_URL: dbUrl,
    GHL_API_KEY: 'pit-replay',
    GHL_COMPANY_ID: 'COMPANY_REPLAY',
    GHL_API_BASE: crm.url,
  },
});
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();

class Browser extends BrowserAt {
  constructor(ip?: string) {
    super(host.origin, ip);
  }
}

type Stored = { kind: string; text: string; html: string; secrets: Record<string, string> | null };

async function outbox(to: string): Promise<Stored[]> {
  const { rows } = await db.query(
    'select kind, subject, text, html, secrets from email_outbox where lower("to") = lower($1) order by id',
    [to],
  );
  return rows as Stored[];
}

/** Waits for e-mails queued after an answer (sign-in requests resolve in the background). */
async function outboxOf(to: string, kind: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const rows = (await outbox(to)).filter((r) => r.kind === kind);
    if (rows.length >= count) return rows;
    await sleep(100);
  }
  return (await outbox(to)).filter((r) => r.kind === kind);
}

const tokenIn = (mail: Stored | undefined, param: string) =>
  mail ? (new RegExp(`[?&]${param}=([\\w.-]+)`).exec(openedText(mail))?.[1] ?? '') : '';

const stamp = Date.now();
try {
  console.log(`Build: ${root}; database: PostgreSQL ${postgres.url.split('@')[1]}`);

  console.log('1. Every token in a copy of the outbox, tried from another browser');
  const buyerEmail = `buyer.${stamp}@example.com`;
  const buyer = new Browser();
  const bought = await buy(buyer, buyerEmail, 'Ada Lovelace');
  const rows = await outbox(buyerEmail);
  const words = new Set(rows.flatMap((r) => `${r.text} ${r.html}`.match(/[\w.-]{20,}/g) ?? []));
  let signedIn = 0;
  for (const word of words) {
    const stranger = new Browser();
    const used = await stranger.req('/api/auth/magic', { json: { token: word } });
    const dashboard = await stranger.req('/api/dashboard');
    if (used.status === 200 && dashboard.json?.client) signedIn++;
  }
  console.log(
    `   ${rows.length} e-mail(s) (${rows.map((r) => r.kind).join(', ')}), ${words.size} token-like words: ${signedIn} signed a stranger in`,
  );

  // The e-mail as sent (a forward, a planted copy) in a browser outside the account.
  const sentToken = tokenIn(
    rows.find((r) => r.kind === 'order-confirmation'),
    'token',
  );
  const forwarded = await new Browser().req('/api/auth/magic', { json: { token: sentToken } });
  console.log(
    `   the link as sent, opened in another browser without its address: ${forwarded.status} ${forwarded.json?.error ?? ''}`,
  );

  console.log('2. A mail scanner GETs a client-onboarding confirmation link');
  const applicant = `applicant.${stamp}@example.com`;
  const submitted = await new Browser().req('/api/clients/onboarding', {
    json: {
      ...CLIENT_ONBOARDING_FORM,
      fullName: 'Grace Hopper',
      email: applicant,
      businessName: 'Hopper Consulting',
    },
  });
  const [confirmMail] = await outboxOf(applicant, 'client-onboarding.confirm', 1);
  const link =
    /https?:\/\/\S+?(?=[\s)"<]|$)/.exec(confirmMail ? openedText(confirmMail) : '')?.[0] ?? '';
  const scanner = new Browser();
  let scanned = await scanner.req(new URL(link).pathname + new URL(link).search);
  for (let hop = 0; hop < 3 && scanned.location; hop++) {
    const next = new URL(scanned.location, host.origin);
    scanned = await scanner.req(next.pathname + next.search);
  }
  const afterScan = crm.calls.length;
  const token = tokenIn(confirmMail, 'confirm') || tokenIn(confirmMail, 'token');
  const pressed = await new Browser().req('/api/clients/onboarding/confirm', { json: { token } });
  console.log(
    `   submission ${submitted.status}; the scanner's GET: ${scanned.status}, CRM calls ${afterScan}; the person's press afterwards: ${pressed.status} ${JSON.stringify(pressed.json)}, CRM calls ${crm.calls.length - afterScan}`,
  );
  const stored = (await outbox(applicant)).map((r) => `${r.text}${r.html}${openedText(r)}`);
  const leaked = crm.passwords.filter((p) => stored.some((s) => s.includes(p)));
  console.log(
    `   passwords the CRM was given: ${crm.passwords.length}; found in the stored or sent e-mail: ${leaked.length}`,
  );

  console.log('3. Five concurrent "Connect to GoHighLevel" presses of one client');
  // Signed in to the whole account with a link it asked for (step 1 may have used the order's).
  await buyer.req('/api/auth/magic-link', { json: { email: buyerEmail } });
  const [asked] = await outboxOf(buyerEmail, 'dashboard.sign-in', 1);
  await buyer.req('/api/auth/magic', { json: { token: tokenIn(asked, 'token') } });
  const clientId = (await buyer.req('/api/dashboard')).json?.client?.id as number;
  const before = crm.calls.filter((c) => c === 'POST /locations/').length;
  const presses = await Promise.all(
    Array.from({ length: 5 }, () =>
      buyer.req(`/api/gohighlevel/connect/${clientId}`, { method: 'POST' }),
    ),
  );
  const created = crm.calls.filter((c) => c === 'POST /locations/').length - before;
  const readyMails = (await outbox(buyerEmail)).filter((r) => r.kind.startsWith('crm.'));
  console.log(
    `   answers ${presses.map((p) => p.status).join(' ')}; sub-accounts created: ${created}; login e-mails: ${readyMails.length}`,
  );

  console.log('4. A 510 KiB PNG that inflates to 512 MiB, as a logo');
  const bomb = pngBomb();
  const orderId = bought.lookup.json.order.id as number;
  const started = performance.now();
  const upload = await buyer.req(`/api/onboarding/logo?orderId=${orderId}`, {
    body: bomb,
    contentType: 'image/png',
  });
  console.log(
    `   ${Math.round(bomb.byteLength / 1024)} KiB → ${upload.status} ${JSON.stringify(upload.json)} in ${Math.round(performance.now() - started)} ms`,
  );

  console.log('5. "Sign out everywhere", then the sign-in links sent before it');
  for (let i = 0; i < 2; i++)
    await buyer.req('/api/auth/magic-link', { json: { email: buyerEmail } });
  const requested = (await outboxOf(buyerEmail, 'dashboard.sign-in', 3)).slice(1);
  const ended = await buyer.req('/api/auth/signout-everywhere', { method: 'POST' });
  const tries: number[] = [];
  for (const mail of requested) {
    const used = await buyer.req('/api/auth/magic', {
      json: { token: tokenIn(mail, 'token') },
    });
    tries.push(used.status);
  }
  console.log(
    `   sign-out everywhere ${ended.status}; the ${requested.length} links sent before it: ${tries.join(' ')}`,
  );

  console.log('6. The CSV export of two formulas after a separator');
  const visitor = new Browser();
  for (const [name, company] of [
    ['Mallory;=HYPERLINK("https://evil.example","x")', 'Acme'],
    ['Mallory Two', 'Acme;@SUM(1+1)'],
  ]) {
    await visitor.req('/api/contact-form', {
      json: {
        name,
        email: `csv.${stamp}@example.com`,
        phone: '555-0100',
        company,
        message: 'A message with a formula in it.',
        formType: 'contact',
      },
    });
  }
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/admin-create.ts',
      '--username=owner',
      '--password=correct-horse-battery-staple',
    ],
    { cwd: PROJECT_ROOT, env: { ...process.env, DATABASE_URL: dbUrl }, stdio: 'ignore' },
  );
  const operator = new Browser();
  await operator.req('/api/admin/login', {
    json: { username: 'owner', password: 'correct-horse-battery-staple' },
  });
  const csv = await operator.req(
    `/api/admin/contact-messages?format=csv&q=${encodeURIComponent(`csv.${stamp}`)}`,
  );
  const lines = csv.text.split(/\r?\n/).filter((line) => line.includes('Mallory'));
  console.log(`   export ${csv.status}:`);
  for (const line of lines) console.log(`   ${line}`);
} finally {
  await db.end();
  await host.stop();
  crm.close();
  await postgres.stop();
}
