// The table keeps only the token's SHA-256: a leaked table signs nobody in. `wholeAccount` comes
// only from a used magic link (it proves the address); an `orderIds` session acts for its client
// only while nobody has proven the client's address.
import { and, eq, gt, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { idIn } from '../../server/db/list-query.ts';
import { clientSessions } from '../../server/db/schema.ts';
import {
  deleteRows,
  exported,
  type PersonalDataOwner,
} from '../../server/privacy/personal-data.ts';
import { findClient, isProven } from './client-records.server.ts';
import { readCookie } from '../../server/cookies.ts';
import { HttpError } from '../../server/responses.ts';
import { hashToken, newToken } from '../../server/tokens.ts';

/** `__Host-`: browsers enforce Secure, Path=/ and no Domain, binding it to this origin. */
export const CLIENT_SESSION_COOKIE = '__Host-client_session';
export const CLIENT_SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const CLIENT_SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** Last-seen is written at most this often, so reads do not turn into a write per request. */
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export type ClientAccess = {
  tokenHash: string;
  clientId: number | null;
  wholeAccount: boolean;
  orderIds: number[];
  clientProven: boolean;
};

export function canSeeOrder(
  access: ClientAccess | null,
  order: { id: number; clientId: number | null },
): boolean {
  if (!access) return false;
  if (access.wholeAccount && order.clientId !== null && order.clientId === access.clientId)
    return true;
  return access.orderIds.includes(order.id);
}

export function actingClientId(access: ClientAccess | null): number | null {
  if (!access || access.clientId === null) return null;
  return access.wholeAccount || !access.clientProven ? access.clientId : null;
}

function cookieAttributes(maxAgeSeconds: number): string {
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;
}

export function clearClientSessionCookie(): string {
  return `${CLIENT_SESSION_COOKIE}=; ${cookieAttributes(0)}`;
}

/** `replaces` is deleted in the same step: growing access gets a new token (no fixation). */
export async function startClientSession(
  db: Db,
  grant: { clientId: number | null; wholeAccount: boolean; orderIds: number[] },
  options: { replaces?: ClientAccess | null; now?: Date } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const token = newToken();
  await db.insert(clientSessions).values({
    tokenHash: hashToken(token),
    clientId: grant.clientId,
    wholeAccount: grant.wholeAccount,
    orderIds: [...new Set(grant.orderIds)],
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + CLIENT_SESSION_MAX_AGE_SECONDS * 1000),
  });
  if (options.replaces) await endClientSession(db, options.replaces);
  return `${CLIENT_SESSION_COOKIE}=${token}; ${cookieAttributes(CLIENT_SESSION_MAX_AGE_SECONDS)}`;
}

export async function requireWholeAccount(
  db: Db,
  req: Request,
  say: { signIn: string; confirm: string },
): Promise<number> {
  const access = await readClientAccess(db, req);
  if (!access) throw new HttpError(401, say.signIn);
  if (!access.wholeAccount || access.clientId === null) throw new HttpError(403, say.confirm);
  return access.clientId;
}

export async function readClientAccess(
  db: Db,
  req: Request,
  now = new Date(),
): Promise<ClientAccess | null> {
  const token = readCookie(req.headers.get('cookie'), CLIENT_SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const idleSince = new Date(now.getTime() - CLIENT_SESSION_IDLE_SECONDS * 1000);
  const [session] = await db
    .select()
    .from(clientSessions)
    .where(
      and(
        eq(clientSessions.tokenHash, tokenHash),
        gt(clientSessions.expiresAt, now),
        gt(clientSessions.lastSeenAt, idleSince),
      ),
    );
  if (!session) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(clientSessions)
      .set({ lastSeenAt: now })
      .where(eq(clientSessions.tokenHash, tokenHash));
  }
  const client = session.clientId === null ? null : await findClient(db, session.clientId);
  return {
    tokenHash,
    clientId: session.clientId,
    wholeAccount: session.wholeAccount,
    orderIds: session.orderIds,
    clientProven: client !== null && isProven(client),
  };
}

// Growing access is always re-issued under a new token, so a session planted in a browser before
// a payment never learns of the order.
export async function grantOrderToBrowser(
  db: Db,
  current: ClientAccess | null,
  order: { id: number; clientId: number | null },
  now = new Date(),
): Promise<string | null> {
  if (canSeeOrder(current, order)) return null;
  const grant = current?.wholeAccount
    ? { clientId: current.clientId, wholeAccount: true, orderIds: [...current.orderIds, order.id] }
    : {
        clientId: order.clientId ?? current?.clientId ?? null,
        wholeAccount: false,
        orderIds: [...(current?.orderIds ?? []), order.id],
      };
  return startClientSession(db, grant, { replaces: current, now });
}

/** Sign-out: this session ends at once, wherever its cookie has been copied to. */
export async function endClientSession(db: Db, access: ClientAccess): Promise<void> {
  await db.delete(clientSessions).where(eq(clientSessions.tokenHash, access.tokenHash));
}

// A browser that paid with the client's address keeps an order session without a client: those
// sessions end too (`orderIds` is the orders owner's subquery of the client's orders).
export async function endAllClientSessions(
  db: Db,
  clientId: number,
  orderIds?: SQL | SQLWrapper,
): Promise<number> {
  const ended = await db
    .delete(clientSessions)
    .where(
      or(
        eq(clientSessions.clientId, clientId),
        orderIds ? sql`${clientSessions.orderIds} && array(${orderIds})` : undefined,
      ),
    )
    .returning({ tokenHash: clientSessions.tokenHash });
  return ended.length;
}

// Whole-account sessions only (a typed address proves nothing): one billing account for every plan.
export async function provenCustomerId(db: Db, req: Request): Promise<string | null> {
  const access = await readClientAccess(db, req);
  if (!access?.wholeAccount || access.clientId === null) return null;
  const client = await findClient(db, access.clientId);
  return client && isProven(client) ? client.stripeCustomerId : null;
}

const ofPerson = (person: { clientIds: number[]; orderIds: number[] }) =>
  or(
    idIn(clientSessions.clientId, person.clientIds),
    sql`${clientSessions.orderIds} && ${sql.param(person.orderIds)}::int[]`,
  );

export const personalData: PersonalDataOwner = {
  async holds(db, person) {
    const rows = await db.select().from(clientSessions).where(ofPerson(person));
    return { client_sessions: rows.map((r) => exported(r, 'tokenHash')) };
  },
  async erase(db, person) {
    return { client_sessions: await deleteRows(db, clientSessions, ofPerson(person)) };
  },
  async purge(db, { now }) {
    const expired = or(
      lt(clientSessions.expiresAt, now),
      lt(clientSessions.lastSeenAt, new Date(now.getTime() - CLIENT_SESSION_IDLE_SECONDS * 1000)),
    );
    return { signIn: { client_sessions: await deleteRows(db, clientSessions, expired) } };
  },
};
