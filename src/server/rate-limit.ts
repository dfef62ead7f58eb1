// In the database, so every function instance shares the count (Netlify's `rateLimit` guards the
// edge; this guards the app itself).
import { and, eq, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { rateLimitHits } from './db/schema.ts';
import { ConfigurationError } from './env.ts';
import { clientIp } from './client-address.ts';
import type { FunctionContext } from './handler.ts';
import { HttpError } from './responses.ts';
import { deleteRows, type Person, type PersonalDataOwner } from './privacy/personal-data.ts';
import { privateDigests } from './tokens.ts';

export type RateLimit = { limit: number; windowSeconds: number };

type HitResult = {
  allowed: boolean;
  retryAfterSeconds: number;
  count: number;
  windowStart: Date;
};

export async function hit(
  db: Db,
  key: string,
  { limit, windowSeconds }: RateLimit,
  now = new Date(),
  weight = 1,
): Promise<HitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, count: weight })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + ${weight}` },
    })
    .returning({ count: rateLimitHits.count });
  const count = row?.count ?? weight;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
  );
  return { allowed: count <= limit, retryAfterSeconds, count, windowStart };
}

export const VISITOR_LIMITS = {
  'magic-link-preview': { limit: 30, windowSeconds: 10 * 60 },
  'magic-link-verify': { limit: 20, windowSeconds: 10 * 60 },
  'crm-status': { limit: 60, windowSeconds: 60 },
  'billing-portal': { limit: 10, windowSeconds: 10 * 60 },
  download: { limit: 60, windowSeconds: 10 * 60 },
  'privacy-request': { limit: 10, windowSeconds: 10 * 60 },
  'privacy-export': { limit: 10, windowSeconds: 10 * 60 },
  unsubscribe: { limit: 30, windowSeconds: 10 * 60 },
  'checkout-recover': { limit: 30, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateLimit>;

export function enforceVisitorLimit(
  db: Db,
  name: keyof typeof VISITOR_LIMITS,
  context: FunctionContext,
): Promise<unknown> {
  return enforce(db, `${name}:${clientIp(context) || 'unknown'}`, VISITOR_LIMITS[name]);
}

export async function enforce(db: Db, key: string, rule: RateLimit, now = new Date()) {
  const result = await hit(db, key, rule, now);
  if (!result.allowed) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    throw new HttpError(
      429,
      `Too many requests. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { 'Retry-After': String(result.retryAfterSeconds) },
    );
  }
  return result;
}

// Counting every attempt up front is atomic, then refunding those that did not fail; naming the
// window, not "now", keeps a refund from landing in the next window.
export async function refund(db: Db, key: string, windowStart: Date) {
  await db
    .update(rateLimitHits)
    .set({ count: sql`greatest(${rateLimitHits.count} - 1, 0)` })
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart)));
}

export async function reset(db: Db, key: string) {
  await db.delete(rateLimitHits).where(sql`${rateLimitHits.key} = ${key}`);
}

// Longer than the longest window (a day), so a purge never resets a live counter.
export const KEEP_WINDOWS_SECONDS = 2 * 24 * 60 * 60;

export async function purgeEndedWindows(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_WINDOWS_SECONDS * 1000);
  const purged = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, before))
    .returning({ key: rateLimitHits.key });
  return purged.length;
}

function addressDigests(email: string): string[] {
  try {
    return privateDigests(email);
  } catch (error) {
    if (error instanceof ConfigurationError) return [];
    throw error;
  }
}

function ofPerson(person: Person) {
  return or(
    ...addressDigests(person.email).map((digest) => like(rateLimitHits.key, `%:${digest}`)),
    ...person.clientIds.map((id) =>
      eq(sql`split_part(${rateLimitHits.key}, ':client:', 2)`, String(id)),
    ),
  );
}

export const personalData: PersonalDataOwner = {
  async holds(db, person) {
    const where = ofPerson(person);
    const rows = where ? await db.select().from(rateLimitHits).where(where) : [];
    return { rate_limit_hits: rows };
  },
  async erase(db, person) {
    const where = ofPerson(person);
    if (!where) return { rate_limit_hits: 0 };
    return { rate_limit_hits: await deleteRows(db, rateLimitHits, where) };
  },
  async purge(db, { now }) {
    return { signIn: { rate_limit_hits: await purgeEndedWindows(db, now) } };
  },
};
