/**
 * SESSION_SECRET rotated from A to B (docs/secrets.md): with A as SESSION_SECRET_PREVIOUS
 * everything made under A still works; after `rotateSessionSecret` A can be dropped and it
 * still does. Without A and without the rotation, what A sealed fails cleanly.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  consumeMagicLink,
  readClientAccess,
  signInNonce,
  SIGN_IN_NONCE_COOKIE,
  startClientSession,
} from '../features/clients/clients.server';
import { resolveSignInRequest } from '../features/dashboard/sign-in.server';
import {
  remindAbandonedCheckout,
  unsubscribe,
  unsubscribeTokenState,
  unsubscribeUrl,
} from '../features/recovery/recovery.server';
import { useFreshTestDb } from '../testing/test-db';
import handleUnsubscribe from '../../netlify/functions/unsubscribe.mts';
import { createOrResetUser } from './auth/accounts';
import { confirmTotpEnrolment, newTotpEnrolment, verifyFactor } from './auth/second-factor';
import { createSession, validateSession, type AdminUser } from './auth/session';
import { closeDb, type Db } from './db/client';
import { clients } from './db/schema';
import { deliverDue } from './mail/delivery';
import { UNOPENABLE_REASON } from './mail/retry-policy';
import type { MailTransport } from './mail/smtp-transport';
import { rotateSessionSecret } from './secret-rotation';

const A = 'secret-A-'.padEnd(48, 'a');
const B = 'secret-B-'.padEnd(48, 'b');
const SITE = 'http://localhost:4321';
const RP = { origin: SITE, rpID: 'localhost' };
const T0 = Date.now();
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

function useSecrets(current: string, previous?: string) {
  process.env.SESSION_SECRET = current;
  if (previous) process.env.SESSION_SECRET_PREVIOUS = previous;
  else delete process.env.SESSION_SECRET_PREVIOUS;
}
afterEach(() => {
  delete process.env.SESSION_SECRET;
  delete process.env.SESSION_SECRET_PREVIOUS;
});
afterAll(() => closeDb());

function transport() {
  const sent: { text: string; to: string }[] = [];
  const mail: MailTransport = {
    async sendMail(message) {
      sent.push({ text: message.text, to: message.to });
    },
  };
  return { mail, sent };
}

const tokenIn = (url: string) => new URL(url).searchParams.get('token')!;
const linkIn = (text: string, path: string) =>
  new RegExp(`(https?://\\S+${path}\\?token=[\\w.-]+)`).exec(text)![1]!;
const browser = (nonce: string) =>
  new Request(`${SITE}/api/auth/magic`, {
    headers: { cookie: `${SIGN_IN_NONCE_COOKIE}=${nonce}` },
  });
const clientBrowser = (cookie: string) =>
  new Request(`${SITE}/dashboard`, { headers: { cookie: cookie.split(';')[0]! } });

function checkout(id: string, email: string, minutes: number) {
  return {
    id,
    createdAt: at(minutes - 90),
    lines: [],
    amountTotalCents: 9900,
    customerEmail: email,
    promotionsConsent: 'opt_in' as const,
    recoveryUrl: `https://checkout.example/recover/${id}`,
    recoveredFrom: null,
    expiredAt: at(minutes - 61),
  };
}

async function appCode(key: string, minutes: number) {
  return new TOTP({ secret: Secret.fromBase32(key) }).generate({
    timestamp: at(minutes).getTime(),
  });
}

async function enrolApp(db: Db, user: AdminUser) {
  const enrolment = newTotpEnrolment(user);
  const code = await appCode(enrolment.key, 0);
  expect(
    await confirmTotpEnrolment(db, user, { sealed: enrolment.sealed, code, label: 'Phone' }, at(0)),
  ).toBe(true);
  return enrolment.key;
}

async function queueSignIn(db: Db, clientEmail: string, nonce: string) {
  const { emailIds } = await resolveSignInRequest(
    db,
    { email: clientEmail, browserNonce: nonce },
    { rateLimit: false },
  );
  expect(emailIds).toHaveLength(1);
  return emailIds[0]!;
}

describe('rotating SESSION_SECRET from A to B', () => {
  let db: Db;
  let user: AdminUser;
  let appKey: string;
  let clientId: number;
  const nonce = signInNonce(new Request(SITE)).nonce;
  let signInEmails: number[];
  let reminderEmail: number;
  let clickedLater: string;
  let clickedAfterDrop: string;
  let adminToken: string;
  let clientCookie: string;

  beforeAll(async () => {
    db = await useFreshTestDb();
    useSecrets(A);
    user = await createOrResetUser(db, 'rotation-admin', 'a long enough passphrase for this');
    appKey = await enrolApp(db, user);
    const [client] = await db
      .insert(clients)
      .values({ email: 'ada@example.com', name: 'Ada' })
      .returning();
    clientId = client!.id;
    signInEmails = [
      await queueSignIn(db, 'ada@example.com', nonce),
      await queueSignIn(db, 'ada@example.com', nonce),
    ];
    // Opted out under A, and links e-mailed under A that are clicked later.
    const optOut = await unsubscribeUrl(db, SITE, 'gone@example.com');
    expect(await unsubscribe(db, tokenIn(optOut))).toBe(true);
    clickedLater = await unsubscribeUrl(db, SITE, 'later@example.com');
    clickedAfterDrop = await unsubscribeUrl(db, SITE, 'dropped@example.com');
    const reminder = await remindAbandonedCheckout(
      db,
      checkout('cs_queued', 'queued@example.com', 0),
      { now: at(0), siteUrl: SITE },
    );
    if (!reminder.queued) throw new Error(`no reminder: ${reminder.reason}`);
    reminderEmail = reminder.emailId;
    adminToken = (await createSession(db, user.id, { now: at(0) })).token;
    clientCookie = await startClientSession(
      db,
      { clientId, wholeAccount: true, orderIds: [] },
      { now: at(0) },
    );
  });

  /** What must hold under every configuration after A. */
  async function everythingMadeUnderAWorks(minutes: number, signInEmail: number, round: string) {
    const reminded = await remindAbandonedCheckout(
      db,
      checkout(`cs_gone_${round}`, 'gone@example.com', minutes),
      { now: at(minutes), siteUrl: SITE },
    );
    expect(reminded).toEqual({ queued: false, reason: 'unsubscribed' });

    expect(
      await verifyFactor(
        db,
        user,
        { method: 'totp', code: await appCode(appKey, minutes) },
        RP,
        at(minutes),
      ),
    ).toBe(true);

    const { mail, sent } = transport();
    expect(
      await deliverDue(db, { transport: mail, ids: [signInEmail], now: at(minutes) }),
    ).toMatchObject({ sent: 1, failed: 0 });
    const link = linkIn(sent[0]!.text, '/dashboard');
    expect(await consumeMagicLink(db, tokenIn(link), browser(nonce), at(minutes))).toEqual({
      clientId,
    });

    // Sessions are random tokens kept as SHA-256: no secret is involved, a rotation keeps them.
    expect(await validateSession(db, adminToken, at(0))).toMatchObject({ id: user.id });
    expect(await readClientAccess(db, clientBrowser(clientCookie), at(0))).toMatchObject({
      clientId,
    });
  }

  it('with A as SESSION_SECRET_PREVIOUS, everything made under A works and new values use B', async () => {
    useSecrets(B, A);
    await everythingMadeUnderAWorks(2, signInEmails[0]!, 'previous');
    expect(await unsubscribe(db, tokenIn(clickedLater))).toBe(true);
    const later = await remindAbandonedCheckout(db, checkout('cs_later', 'later@example.com', 3), {
      now: at(3),
      siteUrl: SITE,
    });
    expect(later).toEqual({ queued: false, reason: 'unsubscribed' });

    // The reminder queued under A leaves with links that work.
    const { mail, sent } = transport();
    await deliverDue(db, { transport: mail, ids: [reminderEmail], now: at(4) });
    expect(sent).toHaveLength(1);
    expect(await unsubscribe(db, tokenIn(linkIn(sent[0]!.text, '/api/unsubscribe')))).toBe(true);
  });

  it('secrets:rotate seals again what A sealed, once; then A can be dropped and all of it still works', async () => {
    useSecrets(B, A);
    expect(await rotateSessionSecret(db)).toEqual({
      authenticatorApps: { resealed: 1, unopenable: 0 },
      appsBeingEnrolled: { resealed: 0, unopenable: 0 },
      unsentEmails: { resealed: 1, unopenable: 0 },
      storedKeys: { resealed: 2, unopenable: 0 },
    });
    const nothing = { resealed: 0, unopenable: 0 };
    expect(await rotateSessionSecret(db)).toEqual({
      authenticatorApps: nothing,
      appsBeingEnrolled: nothing,
      unsentEmails: nothing,
      storedKeys: nothing,
    });

    useSecrets(B);
    await everythingMadeUnderAWorks(6, signInEmails[1]!, 'dropped');
    expect(await unsubscribe(db, tokenIn(clickedAfterDrop))).toBe(true);
    const dropped = await remindAbandonedCheckout(
      db,
      checkout('cs_dropped', 'dropped@example.com', 7),
      { now: at(7), siteUrl: SITE },
    );
    expect(dropped).toEqual({ queued: false, reason: 'unsubscribed' });
  });
});

describe('SESSION_SECRET changed to B without A as previous and without the rotation', () => {
  let db: Db;
  let user: AdminUser;
  let appKey: string;
  let signInEmail: number;
  let link: string;

  beforeAll(async () => {
    db = await useFreshTestDb();
    useSecrets(A);
    user = await createOrResetUser(db, 'unrotated-admin', 'a long enough passphrase for this');
    appKey = await enrolApp(db, user);
    await db.insert(clients).values({ email: 'bo@example.com', name: 'Bo' });
    signInEmail = await queueSignIn(db, 'bo@example.com', 'n'.repeat(43));
    link = await unsubscribeUrl(db, SITE, 'bo@example.com');
  });

  it('refuses the app code (false, not a 500), fails the e-mail with its reason, and answers the link 503 naming the variable', async () => {
    useSecrets(B);
    const code = await appCode(appKey, 2);
    expect(await verifyFactor(db, user, { method: 'totp', code }, RP, at(2))).toBe(false);

    const { mail, sent } = transport();
    expect(await deliverDue(db, { transport: mail, ids: [signInEmail], now: at(2) })).toMatchObject(
      { failed: 1 },
    );
    expect(sent).toEqual([]);
    expect(UNOPENABLE_REASON).toMatch(/ask for a new one/);

    const res = await handleUnsubscribe(
      new Request(link, { method: 'POST', body: 'List-Unsubscribe=One-Click' }),
      { ip: '10.20.0.1' } as never,
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
    expect(await unsubscribeTokenState(tokenIn(link), db)).toBe('unavailable');

    // Setting A as previous again makes all of it work.
    useSecrets(B, A);
    expect(
      await verifyFactor(db, user, { method: 'totp', code: await appCode(appKey, 3) }, RP, at(3)),
    ).toBe(true);
    expect(await unsubscribeTokenState(tokenIn(link), db)).toBe('valid');
    expect(await unsubscribe(db, tokenIn(link))).toBe(true);
  });
});
