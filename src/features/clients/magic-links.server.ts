// Only the token's SHA-256 is stored. A requested link is bound to its browser (login CSRF); an
// order e-mail's link (no browser to bind) asks for the full address in any browser not already
// acting for its account. The dashboard names the account before any link is used.
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

/** A day: a stored or forwarded order e-mail is a working key for that long, so not a week. */
export const MAGIC_LINK_TTL_SECONDS = 24 * 60 * 60;

// Opening it uses nothing up (mail scanners fetch links): only the Sign in button's POST does.
export const MAGIC_LINK_PATH = '/dashboard';

/** Longer than any token we issue; a longer one is refused before any lookup. */
const MAX_TOKEN_LENGTH = 200;

export const magicLinkTokenSchema = z.object({
  token: z.string().min(1, MAGIC_LINK_INVALID).max(MAX_TOKEN_LENGTH, MAGIC_LINK_INVALID),
});

export const SIGN_IN_NONCE_COOKIE = '__Host-sign_in_nonce';
/** A day: longer than any requested link lives, so asking twice keeps the first link working. */
const SIGN_IN_NONCE_MAX_AGE_SECONDS = 24 * 60 * 60;

/** Kept when present, so every link this browser asked for stays usable; set for any address. */
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

function asksForAddress(
  link: { browserNonceHash: string | null; clientId: number },
  acting: number | null,
) {
  return link.browserNonceHash === null && acting !== link.clientId;
}

export type MagicLinkPreview =
  /** `current`: another account this browser is in, which the link would replace (asked first). */
  | { state: 'ready'; account: string; current?: string; askEmail?: true }
  | { state: 'other-browser' }
  | { state: 'invalid' };

/** Names the account, so nobody is signed in to an account they do not recognise. */
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

/** Unknown, used and expired links are `ok` here: using them fails on its own. */
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

export async function magicLinkClientId(db: Db, token: string, now = new Date()) {
  return (await liveLink(db, token, now))?.clientId ?? null;
}

/** One conditional UPDATE: two simultaneous clicks sign in at most once. */
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

/** Every unused link expires now: a forwarded or leaked e-mail signs nobody in afterwards. */
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
  async purge(db, { now }) {
    const expired = or(isNotNull(magicLinks.usedAt), lt(magicLinks.expiresAt, now));
    return { signIn: { magic_links: await deleteRows(db, magicLinks, expired) } };
  },
};
