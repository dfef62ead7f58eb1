import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../server/db/client';
import { freshDbWithClient } from '../../testing/test-db';
import { clientSessions } from '../../server/db/schema';
import { hashToken } from '../../server/tokens';
import {
  CLIENT_SESSION_COOKIE,
  CLIENT_SESSION_IDLE_SECONDS,
  CLIENT_SESSION_MAX_AGE_SECONDS,
  actingClientId,
  canSeeOrder,
  clearClientSessionCookie,
  endAllClientSessions,
  endClientSession,
  grantOrderToBrowser,
  readClientAccess,
  requireWholeAccount,
  startClientSession,
  type ClientAccess,
} from './client-sessions.server';

let db: Db;
let clientId: number;
beforeAll(async () => {
  ({ db, clientId } = await freshDbWithClient({ emailVerifiedAt: new Date() }));
});
afterAll(() => closeDb());

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
const requestWith = (cookie: string) =>
  new Request('http://localhost/api/x', { headers: { cookie: `theme=dark; ${cookie}` } });
const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

describe('client sessions', () => {
  it('set an HttpOnly, Secure, SameSite=Lax, host-only cookie and store only the token hash', async () => {
    const header = await startClientSession(db, { clientId, wholeAccount: true, orderIds: [] });
    expect(header.startsWith(`${CLIENT_SESSION_COOKIE}=`)).toBe(true);
    expect(header).toContain('; Path=/');
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; Secure');
    expect(header).toContain('; SameSite=Lax');
    expect(header).toContain(`Max-Age=${CLIENT_SESSION_MAX_AGE_SECONDS}`);
    expect(header).not.toMatch(/Domain=/i);
    const token = cookieOf(header).split('=')[1]!;
    const rows = await db.select().from(clientSessions);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(clearClientSessionCookie()).toBe(
      `${CLIENT_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`,
    );
  });

  it('let through only the whole account: 401 without a session, 403 for a browser that only paid', async () => {
    const say = { signIn: 'Sign in.', confirm: 'Confirm your address.' };
    const refusal = (req: Request) =>
      requireWholeAccount(db, req, say).then(
        () => null,
        (error: { status: number; message: string }) => [error.status, error.message],
      );
    expect(await refusal(requestWith('other=1'))).toEqual([401, 'Sign in.']);
    const paid = cookieOf(
      await startClientSession(db, { clientId, wholeAccount: false, orderIds: [] }),
    );
    expect(await refusal(requestWith(paid))).toEqual([403, 'Confirm your address.']);
    const whole = cookieOf(
      await startClientSession(db, { clientId, wholeAccount: true, orderIds: [] }),
    );
    expect(await requireWholeAccount(db, requestWith(whole), say)).toBe(clientId);
  });

  it('end at sign-out: a copy of the cookie taken before stops working at once', async () => {
    const copy = cookieOf(
      await startClientSession(db, { clientId, wholeAccount: true, orderIds: [] }),
    );
    const access = await readClientAccess(db, requestWith(copy));
    expect(access).toMatchObject({ clientId, wholeAccount: true, clientProven: true });
    await endClientSession(db, access!);
    expect(await readClientAccess(db, requestWith(copy))).toBeNull();
  });

  it('"sign out everywhere" ends every session of the client', async () => {
    const a = cookieOf(
      await startClientSession(db, { clientId, wholeAccount: true, orderIds: [] }),
    );
    const b = cookieOf(
      await startClientSession(db, { clientId, wholeAccount: true, orderIds: [] }),
    );
    expect(await endAllClientSessions(db, clientId)).toBeGreaterThanOrEqual(2);
    expect(await readClientAccess(db, requestWith(a))).toBeNull();
    expect(await readClientAccess(db, requestWith(b))).toBeNull();
  });

  it('end after the idle time and after the absolute lifetime, whatever the use', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const idle = cookieOf(
      await startClientSession(db, { clientId, wholeAccount: true, orderIds: [] }, { now: start }),
    );
    expect(await readClientAccess(db, requestWith(idle), later(start, 60))).not.toBeNull();
    expect(
      await readClientAccess(db, requestWith(idle), later(start, 60 + CLIENT_SESSION_IDLE_SECONDS)),
    ).toBeNull();

    // Used every day, it still ends 30 days after sign-in.
    const busy = cookieOf(
      await startClientSession(db, { clientId, wholeAccount: true, orderIds: [] }, { now: start }),
    );
    for (let day = 1; day < 30; day++) {
      expect(
        await readClientAccess(db, requestWith(busy), later(start, day * 86_400)),
      ).not.toBeNull();
    }
    expect(
      await readClientAccess(db, requestWith(busy), later(start, CLIENT_SESSION_MAX_AGE_SECONDS)),
    ).toBeNull();
  });

  it('ignore unknown, forged and oversized cookies', async () => {
    expect(await readClientAccess(db, requestWith(`${CLIENT_SESSION_COOKIE}=forged`))).toBeNull();
    expect(
      await readClientAccess(db, requestWith(`${CLIENT_SESSION_COOKIE}=${'a'.repeat(5000)}`)),
    ).toBeNull();
    expect(await readClientAccess(db, requestWith('other=1'))).toBeNull();
  });
});

describe('what a session may see', () => {
  const base: ClientAccess = {
    tokenHash: 'h',
    clientId: 7,
    wholeAccount: false,
    orderIds: [11],
    clientProven: false,
  };

  it('an order session sees its granted orders only, never the rest of its client', () => {
    expect(canSeeOrder(base, { id: 11, clientId: 7 })).toBe(true);
    expect(canSeeOrder(base, { id: 12, clientId: 7 })).toBe(false);
    expect(canSeeOrder(null, { id: 11, clientId: 7 })).toBe(false);
  });

  it('a whole-account session sees every order of its client', () => {
    const whole = { ...base, wholeAccount: true, orderIds: [], clientProven: true };
    expect(canSeeOrder(whole, { id: 12, clientId: 7 })).toBe(true);
    expect(canSeeOrder(whole, { id: 13, clientId: 8 })).toBe(false);
    expect(canSeeOrder(whole, { id: 14, clientId: null })).toBe(false);
  });

  it('an order session acts for its client only while nobody has proven the address', () => {
    expect(actingClientId(base)).toBe(7);
    expect(actingClientId({ ...base, clientProven: true })).toBeNull();
    expect(actingClientId({ ...base, clientId: null })).toBeNull();
    expect(actingClientId({ ...base, wholeAccount: true, clientProven: true })).toBe(7);
  });

  it('a grant re-issues the session with the new order and ends the old token', async () => {
    const first = cookieOf((await grantOrderToBrowser(db, null, { id: 101, clientId: null }))!);
    const before = await readClientAccess(db, requestWith(first));
    expect(before).toMatchObject({ clientId: null, wholeAccount: false, orderIds: [101] });
    const second = cookieOf((await grantOrderToBrowser(db, before, { id: 102, clientId }))!);
    expect(await readClientAccess(db, requestWith(first))).toBeNull();
    expect(await readClientAccess(db, requestWith(second))).toMatchObject({
      clientId,
      wholeAccount: false,
      orderIds: [101, 102],
    });
    // Nothing to do when the browser already sees the order.
    const again = await readClientAccess(db, requestWith(second));
    expect(await grantOrderToBrowser(db, again, { id: 102, clientId })).toBeNull();
  });
});
