/**
 * Single-use, expiring sign-in links for the client dashboard. The e-mail carries a random
 * token; the database keeps only its SHA-256, so a leaked table cannot sign anyone in.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { magicLinks } from '../../server/db/schema.ts';
import { hashToken, newToken } from '../../server/tokens.ts';

/** Links in order confirmations stay valid for a week; sign-in requests should pass a shorter TTL. */
export const MAGIC_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * Where the e-mailed link points. Opening it uses nothing up (mail scanners fetch links): the
 * dashboard shows a Sign in button, and only its POST to /api/auth/magic uses the token.
 */
export const MAGIC_LINK_PATH = '/dashboard';

export async function createMagicLink(
  db: Db,
  clientId: number,
  options: { ttlSeconds?: number; now?: Date } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (options.ttlSeconds ?? MAGIC_LINK_TTL_SECONDS) * 1000);
  await db.insert(magicLinks).values({ tokenHash: hashToken(token), clientId, expiresAt });
  return { token, expiresAt };
}

/** The absolute URL to put in an e-mail. */
export function magicLinkUrl(siteUrl: string, token: string): string {
  const url = new URL(MAGIC_LINK_PATH, siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Uses a token up: answers its client once, and null when it is unknown, expired or used.
 * One conditional UPDATE makes two simultaneous clicks sign in at most once.
 */
export async function consumeMagicLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ clientId: number } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .update(magicLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(magicLinks.tokenHash, hashToken(token)),
        isNull(magicLinks.usedAt),
        gt(magicLinks.expiresAt, now),
      ),
    )
    .returning({ clientId: magicLinks.clientId });
  return row ? { clientId: row.clientId } : null;
}
