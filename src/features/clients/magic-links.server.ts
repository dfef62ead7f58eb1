/**
 * Single-use, expiring sign-in links for the client dashboard. The e-mail carries a random
 * token; the database keeps only its SHA-256, so a leaked table cannot sign anyone in.
 *
 * A link requested on the site is bound to the browser that asked for it (a nonce cookie, its
 * hash on the link): someone who requests a link for their own address and forwards it cannot
 * sign another person's browser in to their account (login CSRF). Links in order
 * confirmations are not bound to a browser (the webhook that writes them has none), so in any
 * browser that does not already act for their account they also ask for the full address they
 * were sent to: a copied or planted link alone signs nobody in. The dashboard names the account
 * before any link is used.
 */
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { idIn } from '../../server/db/list-query.ts';
import { magicLinks } from '../../server/db/schema.ts';
import {
  deleteRows,
  exported,
  type PersonalDataOwner,
} from '../../server/privacy/personal-data.ts';
import { readCookie } from '../../server/cookies.ts';
import type { MessageSecrets } from '../../server/mail/sealed.ts';
import { hit, type RateLimit } from '../../server/rate-limit.ts';
import { hashToken, newToken, TOKEN_LENGTH } from '../../server/tokens.ts';
import { z } from '../../lib/zod.ts';
import { findClient, normaliseEmail } from './client-records.server.ts';
import { MAGIC_LINK_INVALID, maskEmail, SIGN_IN_TOKEN_PARAM } from './clients-texts.ts';

/**
 * Links in order confirmations stay valid for a day (a stored or forwarded e-mail is a working
 * key for that long, so not a week); sign-in requests pass a shorter TTL.
 */
export const MAGIC_LINK_TTL_SECONDS = 24 * 60 * 60;

/**
 * Where the e-mailed link points. Opening it uses nothing up (mail scanners fetch links): the
 * dashboard shows a Sign in button, and only its POST to /api/auth/magic uses the token.
 */
export const MAGIC_LINK_PATH = '/dashboard';

/** Longer than any token we issue; a longer one is refused before any lookup. */
const MAX_TOKEN_LENGTH = 200;

/** The body that names a link, `{ token }`, as the preview and sign-in functions read it. */
export const magicLinkTokenSchema = z.object({
  token: z.string().min(1, MAGIC_LINK_INVALID).max(MAX_TOKEN_LENGTH, MAGIC_LINK_INVALID),
});

/** The browser's sign-in nonce: host-only, HttpOnly, never readable by the page. */
export const SIGN_IN_NONCE_COOKIE = '__Host-sign_in_nonce';
/** A day: longer than any requested link lives, so asking twice keeps the first link working. */
const SIGN_IN_NONCE_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * This browser's sign-in nonce (kept when it has one, so every link it asked for stays
 * usable) and the `Set-Cookie` that keeps it. Every sign-in request gets it, whatever the
 * address, so the answer says nothing about the address.
 */
export function signInNonce(req: Request): { nonce: string; cookie: string } {
  const sent = readCookie(req.headers.get('cookie'), SIGN_IN_NONCE_COOKIE);
  const nonce = sent && /^[\w-]{43}$/.test(sent) ? sent : newToken();
  return {
    nonce,
    cookie: `${SIGN_IN_NONCE_COOKIE}=${nonce}; Path=/; Max-Age=${SIGN_IN_NONCE_MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=Lax`,
  };
}

function nonceHashOf(req: Request): string | null {
  const nonce = readCookie(req.headers.get('cookie'), SIGN_IN_NONCE_COOKIE);
  return nonce && nonce.length === TOKEN_LENGTH ? hashToken(nonce) : null;
}

export async function createMagicLink(
  db: Db,
  clientId: number,
  options: { ttlSeconds?: number; now?: Date; browserNonce?: string } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (options.ttlSeconds ?? MAGIC_LINK_TTL_SECONDS) * 1000);
  await db.insert(magicLinks).values({
    tokenHash: hashToken(token),
    clientId,
    expiresAt,
    browserNonceHash: options.browserNonce ? hashToken(options.browserNonce) : null,
  });
  return { token, expiresAt };
}

/** The absolute URL to put in an e-mail, its token as a slot of the message's `secrets`. */
export function magicLinkUrl(siteUrl: string, token: string, secrets: MessageSecrets): string {
  const url = new URL(MAGIC_LINK_PATH, siteUrl);
  url.searchParams.set(SIGN_IN_TOKEN_PARAM, secrets.slot(token));
  return url.toString();
}

async function liveLink(db: Db, token: string, now: Date) {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [row] = await db
    .select()
    .from(magicLinks)
    .where(
      and(
        eq(magicLinks.tokenHash, hashToken(token)),
        isNull(magicLinks.usedAt),
        gt(magicLinks.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Wrong addresses typed for one link: the fifth ends it, so an address cannot be guessed. */
const ADDRESS_TRIES: RateLimit = { limit: 4, windowSeconds: MAGIC_LINK_TTL_SECONDS };

/** Whether this browser must type the link's full address first (see the header). */
function asksForAddress(
  link: { browserNonceHash: string | null; clientId: number },
  acting: number | null,
) {
  return link.browserNonceHash === null && acting !== link.clientId;
}

export type MagicLinkPreview =
  /**
   * `account`: the address it signs in to, masked ("j•••@example.com"); `current`: the other
   * account this browser is signed in to, which the link would replace (the page asks first);
   * `askEmail`: the page asks for that address in full before the link is used.
   */
  | { state: 'ready'; account: string; current?: string; askEmail?: true }
  /** Requested in another browser: it does not work here. */
  | { state: 'other-browser' }
  | { state: 'invalid' };

/**
 * What a link would do in this browser, without using it: which account it opens (named, so
 * nobody is signed in to an account they do not recognise) or why it cannot be used here.
 */
export async function previewMagicLink(
  db: Db,
  token: string,
  req: Request,
  options: { now?: Date; currentClientId?: number | null } = {},
): Promise<MagicLinkPreview> {
  const link = await liveLink(db, token, options.now ?? new Date());
  if (!link) return { state: 'invalid' };
  if (link.browserNonceHash && link.browserNonceHash !== nonceHashOf(req))
    return { state: 'other-browser' };
  const client = await findClient(db, link.clientId);
  if (!client) return { state: 'invalid' };
  const current =
    options.currentClientId && options.currentClientId !== client.id
      ? await findClient(db, options.currentClientId)
      : null;
  return {
    state: 'ready',
    account: maskEmail(client.email),
    ...(current ? { current: maskEmail(current.email) } : {}),
    ...(asksForAddress(link, options.currentClientId ?? null) ? { askEmail: true as const } : {}),
  };
}

/**
 * Before a link is used in a browser that must name its address: `ok` when no address is
 * needed here or `email` is the client's, `needed` when none was typed, `wrong` otherwise.
 * The fifth wrong address ends the link. Unknown, used and expired links are `ok` here: using
 * them fails on its own.
 */
export async function checkLinkAddress(
  db: Db,
  token: string,
  {
    email,
    acting,
    now = new Date(),
  }: { email?: string | undefined; acting: number | null; now?: Date },
): Promise<'ok' | 'needed' | 'wrong'> {
  const link = await liveLink(db, token, now);
  if (!link || !asksForAddress(link, acting)) return 'ok';
  if (!email) return 'needed';
  const client = await findClient(db, link.clientId);
  if (client && client.email === normaliseEmail(email)) return 'ok';
  const tries = await hit(db, `magic-link:address:${link.tokenHash}`, ADDRESS_TRIES, now);
  if (!tries.allowed)
    await db
      .update(magicLinks)
      .set({ expiresAt: now })
      .where(eq(magicLinks.tokenHash, link.tokenHash));
  return 'wrong';
}

/** The client a live link signs in to, without using it (null when it is not live). */
export async function magicLinkClientId(db: Db, token: string, now = new Date()) {
  return (await liveLink(db, token, now))?.clientId ?? null;
}

/**
 * Uses a token up: answers its client once, null when it is unknown, expired or used, and
 * `other-browser` (leaving it usable) when it was requested in another browser than `req`'s.
 * One conditional UPDATE makes two simultaneous clicks sign in at most once.
 */
export async function consumeMagicLink(
  db: Db,
  token: string,
  req: Request | null,
  now = new Date(),
): Promise<{ clientId: number } | 'other-browser' | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const nonceHash = req ? nonceHashOf(req) : null;
  const [row] = await db
    .update(magicLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(magicLinks.tokenHash, hashToken(token)),
        isNull(magicLinks.usedAt),
        gt(magicLinks.expiresAt, now),
        nonceHash
          ? or(isNull(magicLinks.browserNonceHash), eq(magicLinks.browserNonceHash, nonceHash))
          : isNull(magicLinks.browserNonceHash),
      ),
    )
    .returning({ clientId: magicLinks.clientId });
  if (row) return { clientId: row.clientId };
  return (await liveLink(db, token, now)) ? 'other-browser' : null;
}

/**
 * "Sign out everywhere" ends the links already sent too: every unused link of the client
 * expires now (a forwarded or leaked e-mail signs nobody in afterwards). Answers how many.
 */
export async function expireUnusedMagicLinks(
  db: Db,
  clientId: number,
  now = new Date(),
): Promise<number> {
  const ended = await db
    .update(magicLinks)
    .set({ expiresAt: now })
    .where(
      and(
        eq(magicLinks.clientId, clientId),
        isNull(magicLinks.usedAt),
        gt(magicLinks.expiresAt, now),
      ),
    )
    .returning({ id: magicLinks.tokenHash });
  return ended.length;
}

export const personalData: PersonalDataOwner = {
  async holds(db, person) {
    const rows = await db
      .select()
      .from(magicLinks)
      .where(idIn(magicLinks.clientId, person.clientIds));
    return { magic_links: rows.map((r) => exported(r, 'tokenHash', 'browserNonceHash')) };
  },
  async erase(db, person) {
    return {
      magic_links: await deleteRows(db, magicLinks, idIn(magicLinks.clientId, person.clientIds)),
    };
  },
  // A used or expired link opens nothing any more (liveLink needs it unused and unexpired).
  async purge(db, { now }) {
    const expired = or(isNotNull(magicLinks.usedAt), lt(magicLinks.expiresAt, now));
    return { signIn: { magic_links: await deleteRows(db, magicLinks, expired) } };
  },
};
