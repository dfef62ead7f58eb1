import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useFreshTestDb } from '../../testing/test-db';
import { closeDb, type Db } from '../db/client';
import { jobRuns } from '../db/schema';
import { scheduledJob } from './scheduled-job';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete process.env.ERROR_WEBHOOK_URL;
});
afterAll(() => closeDb());

const rowOf = async (name: string) =>
  (await db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0];

describe('the scheduled-job wrapper', () => {
  it('records a successful run and logs one line with its counts', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const run = scheduledJob('rate-limits-purge', async () => ({ purged: 3 }));
    const res = await run();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ purged: 3 });
    expect(await rowOf('rate-limits-purge')).toMatchObject({
      lastStatus: 'ok',
      lastStartedAt: expect.any(Date),
      lastFinishedAt: expect.any(Date),
      lastSucceededAt: expect.any(Date),
    });
    expect(JSON.parse(String(info.mock.calls[0]?.[0]))).toMatchObject({
      level: 'info',
      msg: 'Scheduled run finished',
      function: 'rate-limits-purge',
      result: { purged: 3 },
    });
  });

  it('records a failed run, keeps the last success, answers 500 and reports it to the webhook', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.ERROR_WEBHOOK_URL = 'https://errors.example/hook';
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: URL, init: RequestInit) => {
        posted.push(JSON.parse(String(init.body)));
        return new Response('ok');
      }),
    );
    await scheduledJob('checkout-sweep', async () => ({ fulfilled: 0 }))();
    const succeeded = (await rowOf('checkout-sweep'))!.lastSucceededAt;
    const kept: Promise<unknown>[] = [];
    const failing = scheduledJob('checkout-sweep', async () => {
      throw new Error('sweep broke for ada@example.com');
    });
    const res = await failing(
      new Request('https://site.example/.netlify/functions/checkout-sweep'),
      {
        waitUntil: (p) => void kept.push(p),
      },
    );
    expect(res.status).toBe(500);
    await Promise.all(kept);
    expect(await rowOf('checkout-sweep')).toMatchObject({
      lastStatus: 'failed',
      lastSucceededAt: succeeded,
    });
    const line = JSON.parse(String(errors.mock.calls[0]?.[0])) as Record<string, string>;
    expect(line).toMatchObject({
      level: 'error',
      msg: 'Scheduled run failed',
      function: 'checkout-sweep',
    });
    expect(line.error).toContain('sweep broke for [address]');
    expect(posted).toEqual([expect.objectContaining({ msg: 'Scheduled run failed' })]);
  });
});
