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

/** Request bodies: mostly the form's shape as JSON, else any JSON value or any string. */
export const formBodies = (formLike: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: formLike.map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 100 }) },
  );

const MALFORMED = Symbol('malformed');

/**
 * Sends every body in `bodies` (1,000 runs) through `handler` (the form's, rate limit off):
 * never a 5xx; a body the schema refuses (or malformed JSON) is a 400 with `refused` and a
 * string `error` and stores nothing; an accepted one is a 200 `{ success: true }` and stores
 * one row, none when the honeypot `website` is filled; each stored row queued two e-mails.
 * Answers the counts, for the caller to check that the generator reached both sides.
 */
export async function sendRandomBodies(
  form: FormFunction,
  options: {
    handler: FunctionHandler;
    schema: {
      safeParse(
        value: unknown,
      ): { success: true; data: { website?: unknown } } | { success: false };
    };
    bodies: fc.Arbitrary<string>;
    refused?: Record<string, unknown>;
  },
): Promise<{ stored: number; accepted: number; rejected: number }> {
  const { db, table } = form;
  let stored = 0;
  let accepted = 0;
  let rejected = 0;
  await fc.assert(
    fc.asyncProperty(options.bodies, async (raw) => {
      const before = await db.$count(table);
      const res = await options.handler(form.post(raw, {}, true), {});
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
