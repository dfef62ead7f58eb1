// A visitor is a hash of (today's salt, site, address, user agent): one visitor all day and nobody
// the next, since the salt and the hashes go as the day changes.
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { insightsSalts, insightsVisitorHashes } from '../../server/db/schema.ts';

export async function saltOf(db: Db, day: string): Promise<Uint8Array> {
  const [found] = await db.select().from(insightsSalts).where(eq(insightsSalts.day, day));
  if (found) return found.salt;
  await forgetDaysBefore(db, day);
  await db
    .insert(insightsSalts)
    .values({ day, salt: randomBytes(32) })
    .onConflictDoNothing();
  const [made] = await db.select().from(insightsSalts).where(eq(insightsSalts.day, day));
  return made!.salt;
}

export type Visitor = { site: string; address: string; userAgent: string };

export type FirstOfDay = 'visit' | 'productViews' | 'cartAdds';

export function visitorHash(
  salt: Uint8Array,
  { site, address, userAgent }: Visitor,
  what: FirstOfDay = 'visit',
): Buffer {
  return createHash('sha256')
    .update(salt)
    .update(`\n${site}\n${address}\n${userAgent}${what === 'visit' ? '' : `\n${what}`}`)
    .digest()
    .subarray(0, 16);
}

/** Which of `what` the visitor does for the first time today (one salt read, one insert). */
export async function firstToday(
  db: Db,
  day: string,
  visitor: Visitor,
  what: FirstOfDay[],
): Promise<Set<FirstOfDay>> {
  const salt = await saltOf(db, day);
  const hashes = what.map((w) => ({ what: w, hash: visitorHash(salt, visitor, w) }));
  const stored = await db
    .insert(insightsVisitorHashes)
    .values(hashes.map(({ hash }) => ({ day, hash })))
    .onConflictDoNothing()
    .returning({ hash: insightsVisitorHashes.hash });
  return new Set(
    hashes.filter(({ hash }) => stored.some((s) => hash.equals(s.hash))).map((h) => h.what),
  );
}

export async function forgetDaysBefore(db: Db, day: string): Promise<number> {
  const hashes = await db
    .delete(insightsVisitorHashes)
    .where(lt(insightsVisitorHashes.day, day))
    .returning({ day: insightsVisitorHashes.day });
  const salts = await db
    .delete(insightsSalts)
    .where(lt(insightsSalts.day, day))
    .returning({ day: insightsSalts.day });
  return hashes.length + salts.length;
}
