/**
 * GET /api/health: 200 while the database answers, its migrations are current, the outbox moves
 * and each scheduled job succeeded within its period; else 503 naming what is wrong, with no
 * address, secret or connection detail in it. The scheduled functions record their runs.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeDb,
  openDatabase,
  replaceProcessDatabase,
  type Db,
} from '../../src/server/db/client.ts';
import { LATEST_MIGRATION } from '../../src/server/db/latest-migration.ts';
import { emailOutbox, jobRuns } from '../../src/server/db/schema.ts';
import { JOB_NAMES, SCHEDULED_JOBS } from '../../src/server/jobs/schedules.ts';
import { enqueueEmail } from '../../src/server/mail/outbox.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import health from '../functions/health.mts';
import outboxDeliver from '../functions/outbox-deliver.mts';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
beforeEach(async () => {
  await db.delete(emailOutbox);
  await db.delete(jobRuns);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterAll(() => closeDb());

const published = { deploy: { context: 'production', id: 'd1', published: true } };

async function check(context: object = published, method = 'GET') {
  const res = await health(new Request('https://site.example/api/health', { method }), context);
  const body = method === 'HEAD' ? null : ((await res.json()) as HealthBody);
  return { res, body };
}

type HealthBody = {
  status: string;
  error?: string;
  checks: Record<string, string> & { jobs: Record<string, string> };
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('GET /api/health', () => {
  it('answers 200 on a fresh deploy: jobs not yet run are within their first period', async () => {
    const { res, body } = await check();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(body!.status).toBe('ok');
    expect(body!.checks).toMatchObject({
      configuration: 'ok',
      database: 'ok',
      schema: 'ok',
      outbox: 'ok',
    });
    expect(Object.keys(body!.checks.jobs).sort()).toEqual([...JOB_NAMES].sort());
    expect(body!.checks.jobs['outbox-deliver']).toMatch(
      /^not yet run \(expected since 0 minutes ago, every 5 minutes\)$/,
    );
    const head = await check(published, 'HEAD');
    expect(head.res.status).toBe(200);
    expect(await head.res.text()).toBe('');
  });

  it('is ok once each scheduled function has run, recorded through its wrapper', async () => {
    const delivered = await outboxDeliver();
    expect(delivered.status).toBe(200);
    const [row] = await db
      .select()
      .from(jobRuns)
      .where(sql`${jobRuns.name} = 'outbox-deliver'`);
    expect(row).toMatchObject({ lastStatus: 'ok', lastSucceededAt: expect.any(Date) });
    expect((await check()).body!.checks.jobs['outbox-deliver']).toBe('ok');
  });

  it('answers 503 naming a job that has not succeeded within its period', async () => {
    await db.insert(jobRuns).values({
      name: 'outbox-deliver',
      firstExpectedAt: minutesAgo(600),
      lastStartedAt: minutesAgo(3),
      lastFinishedAt: minutesAgo(3),
      lastStatus: 'failed',
      lastSucceededAt: minutesAgo(31),
    });
    const { res, body } = await check();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(body!.status).toBe('failing');
    expect(body!.checks.jobs['outbox-deliver']).toBe(
      'last succeeded 31 minutes ago (every 5 minutes); the last run failed (started 3 minutes ago)',
    );
  });

  it('fails a job that never ran once its first period (plus grace) is over', async () => {
    await db.insert(jobRuns).values({ name: 'checkout-sweep', firstExpectedAt: minutesAgo(130) });
    const { res, body } = await check();
    expect(res.status).toBe(503);
    expect(body!.checks.jobs['checkout-sweep']).toBe(
      'never succeeded since first expected 2 hours ago (every 10 minutes)',
    );
  });

  it('does not expect the jobs on a deploy that is not the published one', async () => {
    await db.insert(jobRuns).values({ name: 'checkout-sweep', firstExpectedAt: minutesAgo(600) });
    const preview = { deploy: { context: 'deploy-preview', id: 'd2', published: false } };
    const { res, body } = await check(preview);
    expect(res.status).toBe(200);
    expect(body!.checks.jobs['checkout-sweep']).toBe(
      'not checked (scheduled functions run on the published deploy only)',
    );
  });

  it('answers 503 when the oldest due e-mail has waited 15 minutes, without its address', async () => {
    await enqueueEmail(db, {
      kind: 'contact.team',
      to: 'waiting.person@example.com',
      about: { emails: ['waiting.person@example.com'] },
      subject: 'Private subject line',
      text: 'x',
      html: '<p>x</p>',
      sendAt: minutesAgo(14),
    });
    expect((await check()).res.status).toBe(200);
    await enqueueEmail(db, {
      kind: 'contact.team',
      to: 'waiting.person@example.com',
      about: { emails: ['waiting.person@example.com'] },
      subject: 'Private subject line',
      text: 'x',
      html: '<p>x</p>',
      sendAt: minutesAgo(42),
    });
    const { res, body } = await check();
    expect(res.status).toBe(503);
    expect(body!.checks.outbox).toBe(
      'oldest due message is 42 minutes old (SMTP_URL is not set, so nothing is sent)',
    );
    expect(body!.error).toBe(
      'outbox: oldest due message is 42 minutes old (SMTP_URL is not set, so nothing is sent)',
    );
    const text = JSON.stringify(body);
    expect(text).not.toContain('waiting.person');
    expect(text).not.toContain('Private subject');
  });

  it('answers 503 when the newest migration is not applied', async () => {
    await db.execute(sql`DELETE FROM netlify.migrations WHERE name = ${LATEST_MIGRATION}`);
    try {
      const { res, body } = await check();
      expect(res.status).toBe(503);
      expect(body!.checks.schema).toMatch(
        new RegExp(`^migration ${LATEST_MIGRATION} not applied \\(newest applied: \\d+_\\w+\\)$`),
      );
    } finally {
      await db.execute(sql`INSERT INTO netlify.migrations (name) VALUES (${LATEST_MIGRATION})`);
    }
  });

  it('answers 503 when the database cannot be reached, naming no host or address', async () => {
    const refused = Promise.reject(
      Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), { code: 'ECONNREFUSED' }),
    );
    refused.catch(() => undefined);
    try {
      await replaceProcessDatabase(refused).catch(() => undefined);
      const { res, body } = await check();
      expect(res.status).toBe(503);
      expect(body).toEqual({
        status: 'failing',
        error: 'database: unreachable (ECONNREFUSED)',
        checks: {
          configuration: 'ok',
          database: 'unreachable (ECONNREFUSED)',
          schema: 'not checked (no database)',
          outbox: 'not checked (no database)',
          jobs: {},
        },
      });
      expect(JSON.stringify(body)).not.toContain('10.1.2.3');
    } finally {
      db = await replaceProcessDatabase(openDatabase({ kind: 'pglite' }));
    }
  });
});

describe('the scheduled functions and the health check agree', () => {
  it('lists every scheduled function with the schedule its config declares', async () => {
    const files = (await readdir('netlify/functions')).filter((f) => f.endsWith('.mts'));
    const scheduled: Record<string, unknown> = {};
    for (const file of files) {
      const mod = (await import(pathToFileURL(path.resolve('netlify/functions', file)).href)) as {
        config?: { schedule?: string };
      };
      if (mod.config?.schedule) scheduled[file.replace(/\.mts$/, '')] = mod.config.schedule;
    }
    expect(scheduled).toEqual(
      Object.fromEntries(Object.entries(SCHEDULED_JOBS).map(([name, j]) => [name, j.schedule])),
    );
  });
});
