import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageSecrets, openSlots } from '../../server/mail/sealed';
import { closeDb, type Db } from '../../server/db/client';
import { freshDbWithClient } from '../../testing/test-db';
import { magicLinks } from '../../server/db/schema';
import { hashToken } from '../../server/tokens';
import {
  consumeMagicLink,
  createMagicLink,
  magicLinkUrl,
  previewMagicLink,
  SIGN_IN_NONCE_COOKIE,
  signInNonce,
} from './magic-links.server';
import { maskEmail } from './clients-texts';

let db: Db;
let clientId: number;

beforeAll(async () => {
  ({ db, clientId } = await freshDbWithClient());
});
afterAll(() => closeDb());

describe('magic links', () => {
  it('stores only the token hash and signs in exactly once', async () => {
    const { token } = await createMagicLink(db, clientId);
    const rows = await db.select().from(magicLinks);
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);

    const attempts = await Promise.all([
      consumeMagicLink(db, token, null),
      consumeMagicLink(db, token, null),
    ]);
    expect(attempts.filter(Boolean)).toEqual([{ clientId }]);
    expect(await consumeMagicLink(db, token, null)).toBeNull();
  });

  it('refuses expired and unknown tokens', async () => {
    const now = new Date();
    const { token } = await createMagicLink(db, clientId, { ttlSeconds: 60, now });
    expect(await consumeMagicLink(db, token, null, new Date(now.getTime() + 61_000))).toBeNull();
    expect(await consumeMagicLink(db, 'not-a-token', null)).toBeNull();
    expect(await consumeMagicLink(db, '', null)).toBeNull();
  });

  it('builds the dashboard URL with a slot for the token, sealed in the message until it is sent', () => {
    const secrets = new MessageSecrets();
    const url = magicLinkUrl('https://novareach.example', 'abc_-1', secrets);
    expect(url).toMatch(/^https:\/\/novareach\.example\/dashboard\?token=secret-[\w-]{22}$/);
    expect(url).not.toContain('abc_-1');
    expect(JSON.stringify(secrets.sealed)).not.toContain('abc_-1');
    expect(openSlots(url, secrets.sealed)).toBe('https://novareach.example/dashboard?token=abc_-1');
  });

  it('names the account a link opens, without using it', async () => {
    const { token } = await createMagicLink(db, clientId);
    const req = new Request('http://localhost/api/auth/magic/preview');
    // An order e-mail's link, in a browser outside the account: the page asks for the address.
    expect(await previewMagicLink(db, token, req)).toEqual({
      state: 'ready',
      account: 'a•••@example.com',
      askEmail: true,
    });
    expect(await previewMagicLink(db, token, req, { currentClientId: clientId })).toEqual({
      state: 'ready',
      account: 'a•••@example.com',
    });
    expect(await previewMagicLink(db, token, req)).toMatchObject({ state: 'ready' });
    expect(await previewMagicLink(db, 'unknown', req)).toEqual({ state: 'invalid' });
  });

  it('works only in the browser that requested it, and stays usable there', async () => {
    const asked = signInNonce(new Request('http://localhost/api/auth/magic-link'));
    expect(asked.cookie).toMatch(
      new RegExp(
        `^${SIGN_IN_NONCE_COOKIE}=[\\w-]{43}; Path=/; Max-Age=\\d+; HttpOnly; Secure; SameSite=Lax$`,
      ),
    );
    const browser = (nonce?: string) =>
      new Request('http://localhost/api/auth/magic', {
        headers: nonce ? { cookie: `${SIGN_IN_NONCE_COOKIE}=${nonce}` } : {},
      });
    // The same browser keeps its nonce when it asks again (its first link keeps working).
    expect(signInNonce(browser(asked.nonce)).nonce).toBe(asked.nonce);

    const { token } = await createMagicLink(db, clientId, { browserNonce: asked.nonce });
    const stranger = browser(signInNonce(browser()).nonce);
    expect(await previewMagicLink(db, token, stranger)).toEqual({ state: 'other-browser' });
    expect(await consumeMagicLink(db, token, stranger)).toBe('other-browser');
    expect(await consumeMagicLink(db, token, browser())).toBe('other-browser');
    expect(await consumeMagicLink(db, token, browser(asked.nonce))).toEqual({ clientId });
    expect(await consumeMagicLink(db, token, browser(asked.nonce))).toBeNull();
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('jane@example.com')).toBe('j•••@example.com');
    expect(maskEmail('x@y.co')).toBe('x•••@y.co');
    expect(maskEmail('broken')).toBe('•••');
  });
});
