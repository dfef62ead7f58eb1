/**
 * What the tests of the public form functions (/api/contact-form, /api/schedule-meeting) share:
 * a fresh database whose form table, outbox and rate-limit counters are emptied before each test
 * (no SMTP, the team's address set), a JSON POST to the route, the route's config, the honeypot,
 * and the property that ≥1,000 random bodies never get a 5xx and store exactly what the form's
 * schema accepts.
 */
import type { Config } from '@netlify/functions';
import type { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { emailOutbox, rateLimitHits } from '../../src/server/db/schema.ts';
import { jsonPost, type FunctionHandler } from '../../src/testing/requests.ts';
import { useFreshTestDb } from '../../src/testing/test-db';

type Post = (body: unknown, headers?: Record<string, string>, raw?: boolean) => Request;
/** A form function under test: its handler, its table, the database and a JSON POST to it. */
type FormFunction = { readonly db: Db; post: Post; fn: FunctionHandler; table: PgTable };

/**
 * Registers the file's hooks; `db` is the fresh database once `beforeAll` has run. `env` is
 * stubbed on top of `SMTP_URL=''` and `TEAM_EMAIL` before each test.
 */
export function useFormFunction(options: {
  url: string;
  fn: FunctionHandler;
  table: PgTable;
  env?: Record<string, string>;
}): FormFunction {
  let db: Db | undefined;
  beforeAll(async () => {
    db = await useFreshTestDb();
  });
  afterAll(() => closeDb());
  beforeEach(async () => {
    vi.stubEnv('SMTP_URL', '');
    vi.stubEnv('TEAM_EMAIL', 'team@novareach.example');
    for (const [name, value] of Object.entries(options.env ?? {})) vi.stubEnv(name, value);
    await db!.delete(options.table);
    await db!.delete(emailOutbox);
    await db!.delete(rateLimitHits);
  });
  afterEach(() => vi.unstubAllEnvs());
  return {
    get db() {
      if (!db) throw new Error('The database opens in beforeAll');
      return db;
    },
    post: (body, headers = {}, raw = false) => jsonPost(options.url, body, headers, raw),
    fn: options.fn,
    table: options.table,
  };
}

/** The route's path, POST only, and a Netlify rate limit per address and domain. */
export function itIsConfiguredWithRateLimit(config: Config, path: string) {
  it('is configured with the path, method and Netlify rate limit', () => {
    expect(config).toMatchObject({
      path,
      method: ['POST'],
      rateLimit: { aggregateBy: ['ip', 'domain'] },
    });
    expect(config.rateLimit?.windowLimit).toBeGreaterThan(0);
    expect(config.rateLimit?.windowSize).toBeGreaterThan(0);
  });
}

/** A filled honeypot is answered like a success, and nothing is stored or sent. */
export function itIgnoresAFilledHoneypot(form: FormFunction, body: Record<string, unknown>) {
  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const res = await form.fn(form.post(body), {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    expect(await form.db.$count(form.table)).toBe(0);
    expect(await form.db.$count(emailOutbox)).toBe(0);
  });
}

/** A form field: the good value most of the time, else something from `junk`. */
export const validish = <T, J>(good: fc.Arbitrary<T>, junk: fc.Arbitrary<J>, weight: number) =>
  fc.oneof({ weight, arbitrary: good }, { weight: 1, arbitrary: junk });

/**
 * The visitor's name, e-mail (often `knownEmail`), phone and company, as both forms ask for
 * them: each the good value `weight` times in `weight + 1`, else something from `junk`.
 */
export function contactFields<J>(junk: fc.Arbitrary<J>, weight: number, knownEmail: string) {
  const field = <T>(good: fc.Arbitrary<T>) => validish(good, junk, weight);
  return {
    name: field(fc.string({ minLength: 2, maxLength: 100 })),
    email: field(fc.oneof(fc.emailAddress(), fc.constant(knownEmail))),
    phone: field(fc.string({ maxLength: 40 })),
    company: field(fc.string({ maxLength: 120 })),
  };
}

/** Request bodies: mostly the form's shape as JSON, else any JSON value or any string. */
const formBodies = (formLike: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: formLike.map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 100 }) },
  );

const MALFORMED = Symbol('malformed');

type RandomBodies = {
  /** Makes the form's handler; the property runs it with the rate limit off. */
  handler: (options: { rateLimit: false }) => FunctionHandler;
  schema: {
    safeParse(value: unknown): { success: true; data: { website?: unknown } } | { success: false };
  };
  /** The form's shape (see `formBodies`). */
  formLike: fc.Arbitrary<unknown>;
  /** What a refused body's JSON answer holds besides its `error`. */
  refused?: Record<string, unknown>;
};
type Counts = { stored: number; accepted: number; rejected: number };

/**
 * Registers the property: ≥1,000 random bodies (`formBodies(formLike)`) sent through the form's
 * handler (rate limit off) never get a 5xx; a body the schema refuses (or malformed JSON)
 * is a 400 with `refused` and a string `error` and stores nothing; an accepted one is a 200
 * `{ success: true }` and stores one row, none when the honeypot `website` is filled; each
 * stored row queued two e-mails. `check` gets the counts, to see that the generator reached
 * both sides.
 */
export function itStoresExactlyWhatTheSchemaAccepts(
  form: FormFunction,
  options: RandomBodies,
  check: (counts: Counts) => void,
) {
  // 1,000 requests through the handler and the database; generous for a busy machine.
  it(
    'never answers 5xx and stores exactly the bodies the schema accepts',
    { timeout: 240_000 },
    async () => check(await sendRandomBodies(form, options)),
  );
}

/** The property of itStoresExactlyWhatTheSchemaAccepts: answers the counts. */
async function sendRandomBodies(form: FormFunction, options: RandomBodies): Promise<Counts> {
  const { db, table } = form;
  const handler = options.handler({ rateLimit: false });
  let stored = 0;
  let accepted = 0;
  let rejected = 0;
  await fc.assert(
    fc.asyncProperty(formBodies(options.formLike), async (raw) => {
      const before = await db.$count(table);
      const res = await handler(form.post(raw, {}, true), {});
      expect(res.status).toBeLessThan(500);
      const json = await res.json();
      const after = await db.$count(table);
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = MALFORMED;
      }
      const check = options.schema.safeParse(parsed);
      if (!check.success) {
        rejected++;
        expect(res.status).toBe(400);
        expect(json).toMatchObject(options.refused ?? {});
        expect(typeof json.error).toBe('string');
        expect(after).toBe(before);
        return;
      }
      expect(res.status).toBe(200);
      expect(json.success).toBe(true);
      accepted++;
      const expected = check.data.website ? 0 : 1;
      expect(after - before).toBe(expected);
      stored += expected;
    }),
    { numRuns: 1000 },
  );
  expect(await db.$count(emailOutbox)).toBe(2 * stored);
  return { stored, accepted, rejected };
}

/** Ten posts of `body` from `ip`, each answered 200, then one more: answers that one, a 429. */
export async function pastTheLimit(form: FormFunction, body: unknown, ip: string) {
  for (let i = 0; i < 10; i++) expect((await form.fn(form.post(body), { ip })).status).toBe(200);
  const limited = await form.fn(form.post(body), { ip });
  expect(limited.status).toBe(429);
  return limited;
}
