import { createHmac, hkdfSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../server/db/client';
import { sessionSecrets } from '../../server/key-ring';
import { useFreshTestDb } from '../../testing/test-db';
import { addressHash, unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-tokens.server';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const changedLast = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

/** The token as the site made it before its keys were stored (keys derived from the secret). */
function tokenMadeBefore(email: string, secret: string): string {
  const key = (salt: string, info: string) =>
    Buffer.from(hkdfSync('sha256', secret, salt, info, 32));
  const hash = createHmac('sha256', key('private-digest', 'stored keys v1'))
    .update(`checkout-reminder:${email}`)
    .digest('hex');
  const mac = createHmac('sha256', key('unsubscribe', 'reminder links v1'))
    .update(hash)
    .digest('base64url');
  return `${hash}.${mac}`;
}

describe('the unsubscribe token', () => {
  it('stands for the address hash, whatever the case and spaces of the address', async () => {
    const token = await unsubscribeToken(db, ' Dana@Example.com ');
    expect(await verifyUnsubscribeToken(db, token)).toBe(await addressHash(db, 'dana@example.com'));
    expect(token).not.toContain('dana');
  });

  it('is the token links e-mailed before the keys were stored carry, so they still work', async () => {
    const before = tokenMadeBefore('dana@example.com', sessionSecrets()[0]!);
    expect(await unsubscribeToken(db, 'dana@example.com')).toBe(before);
    expect(await verifyUnsubscribeToken(db, before)).toBe(before.split('.')[0]);
  });

  it.each([
    ['empty', async () => ''],
    [
      'another hash',
      async () =>
        `${await addressHash(db, 'eve@example.com')}.${(await unsubscribeToken(db, 'dana@example.com')).split('.')[1]}`,
    ],
    ['a changed mac', async () => changedLast(await unsubscribeToken(db, 'dana@example.com'))],
    ['extra parts', async () => `${await unsubscribeToken(db, 'dana@example.com')}.x`],
    ['junk', async () => 'not-a-token'],
  ])('refuses %s', async (_, token) => {
    expect(await verifyUnsubscribeToken(db, await token())).toBeNull();
  });
});
