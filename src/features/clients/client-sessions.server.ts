/**
 * Client sessions, stored in the database: the cookie carries a random token, the table only
 * its SHA-256, so a leaked table signs nobody in and sign-out ends a session at once.
 *
 * What a session may see:
 * - `wholeAccount`: every order of its client. Only a used magic link grants it, because only
 *   that proves the e-mail address.
 * - `orderIds`: the orders paid for in this browser (the checkout-attempt grant). Such a
 *   session acts for its client (CRM link) only while nobody has proven the client's address,
 *   i.e. while the browser that created the client is the only party it can be.
 */
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

/** `__Host-` binds the cookie to this exact origin: Secure, Path=/ and no Domain are enforced by browsers. */
export const CLIENT_SESSION_COOKIE = '__Host-client_session';
/** Absolute lifetime: a session ends 30 days after sign-in whatever happens. */
export const CLIENT_SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Idle lifetime: a session unused for 7 days ends. */
export const CLIENT_SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** Last-seen is written at most this often, so reads do not turn into a write per request. */
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export type ClientAccess = {
  tokenHash: string;
  /** The client the session belongs to (null: only orders not yet joined to a client). */
  clientId: number | null;
  wholeAccount: boolean;
  orderIds: number[];
  /** The client's address has been proven (by anyone). */
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

/** The client this session may act for (CRM link, account-wide actions), or null. */
export function actingClientId(access: ClientAccess | null): number | null {
  if (!access || access.clientId === null) return null;
  return access.wholeAccount || !access.clientProven ? access.clientId : null;
}

function cookieAttributes(maxAgeSeconds: number): string {
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;
}

/** A `Set-Cookie` header value that removes the client session. */
export function clearClientSessionCookie(): string {
  return `${CLIENT_SESSION_COOKIE}=; ${cookieAttributes(0)}`;
}

/**
 * Stores a new session and answers its `Set-Cookie` header. `replaces` is deleted in the same
 * step: a browser whose access grows gets a new token (no session fixation).
 */
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

/**
 * The client id of a request whose session holds the whole account (the address proven with a
 * sign-in link); otherwise a 401 (no session) or 403 (a session that only paid) with the
 * caller's words for what to do.
 */
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

/** The session of a request, or null when there is none or it is unknown, ended, idle or expired. */
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

/**
 * Lets this browser see one more order it has just paid for. The access it already had is
 * kept, under a new token (a session whose access grows is always re-issued, so a session
 * planted in a browser before a payment never learns of the order). Answers the `Set-Cookie`
 * header, or null when the browser could already see the order.
 */
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
        // An order session acts for the client its latest purchase created, if any.
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

/**
 * "Sign out everywhere": every session that can read the client's orders ends (needs the
 * whole account). That is the client's own sessions and every order session holding one of
 * `orderIds` (the orders owner's subquery of the client's orders): a browser that paid with
 * the client's address keeps an order session without a client, and its order joins the
 * account only later, when the address is proven.
 */
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

/**
 * The payment provider's customer of the client this browser is signed in as, when the
 * session holds the whole account (the address was proven by a sign-in link) and the client
 * has one; a new checkout reuses it so every plan is in one billing account. Never for an
 * order-only session: a typed e-mail address proves nothing.
 */
export async function provenCustomerId(db: Db, req: Request): Promise<string | null> {
  const access = await readClientAccess(db, req);
  if (!access?.wholeAccount || access.clientId === null) return null;
  const client = await findClient(db, access.clientId);
  return client && isProven(client) ? client.stripeCustomerId : null;
}

/** The person's sessions: their accounts', and those of browsers that paid for their orders. */
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
  // A session that can no longer sign anyone in: past its lifetime, or idle too long.
  async purge(db, { now }) {
    const expired = or(
      lt(clientSessions.expiresAt, now),
      lt(clientSessions.lastSeenAt, new Date(now.getTime() - CLIENT_SESSION_IDLE_SECONDS * 1000)),
    );
    return { signIn: { client_sessions: await deleteRows(db, clientSessions, expired) } };
  },
};
