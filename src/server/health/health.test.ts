import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { DatabaseSchemaError } from '../db/schema-check';
import { ConfigurationError } from '../env';
import type { JobRun } from '../jobs/job-runs';
import { checkHealth, jobCheck } from './health';

const base = { smtpConfigured: true, jobsScheduled: true };
const now = new Date('2026-12-02T06:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('checkHealth without a database', () => {
  it('answers within its time limit when the database hangs', async () => {
    const report = await checkHealth({
      ...base,
      openDb: () => new Promise<Db>(() => undefined),
      timeoutMs: 20,
    });
    expect(report).toEqual({
      status: 'failing',
      checks: {
        configuration: 'ok',
        database: 'no answer within 0.02 seconds',
        schema: 'not checked (no database)',
        outbox: 'not checked (no database)',
        jobs: {},
      },
    });
  });

  it('names a missing database variable and a schema behind the code, never a value', async () => {
    const unconfigured = await checkHealth({
      ...base,
      openDb: () => Promise.reject(new ConfigurationError(['NETLIFY_DB_URL'])),
    });
    expect(unconfigured.checks.database).toBe('not configured (NETLIFY_DB_URL)');
    const behind = await checkHealth({
      ...base,
      openDb: () =>
        Promise.reject(
          new DatabaseSchemaError(['table job_runs', 'column a.b', 'column a.c', 'column a.d']),
        ),
    });
    expect(behind.status).toBe('failing');
    expect(behind.checks).toMatchObject({
      database: 'ok',
      schema: 'behind the code: missing table job_runs, column a.b, column a.c and 1 more',
    });
  });

  it('reports a missing required variable as failing configuration', async () => {
    const report = await checkHealth({
      ...base,
      openDb: () => new Promise<Db>(() => undefined),
      timeoutMs: 1,
      configurationProblem: 'missing or invalid SESSION_SECRET',
    });
    expect(report.checks.configuration).toBe('missing or invalid SESSION_SECRET');
  });
});

describe('a scheduled job on time or late', () => {
  const run = (values: Partial<JobRun>): JobRun => ({
    name: 'privacy-purge',
    firstExpectedAt: minutesAgo(5000),
    lastStartedAt: null,
    lastFinishedAt: null,
    lastStatus: null,
    lastSucceededAt: null,
    ...values,
  });

  it('allows a daily job a day and a half, and says how late it is in hours', () => {
    expect(jobCheck('privacy-purge', run({ lastSucceededAt: minutesAgo(35 * 60) }), now)).toEqual({
      ok: true,
      text: 'ok',
    });
    expect(jobCheck('privacy-purge', run({ lastSucceededAt: minutesAgo(37 * 60) }), now)).toEqual({
      ok: false,
      text: 'last succeeded 37 hours ago (every day)',
    });
  });

  it('says when a run has been going on without finishing', () => {
    expect(
      jobCheck(
        'outbox-deliver',
        run({
          name: 'outbox-deliver',
          lastSucceededAt: minutesAgo(40),
          lastStartedAt: minutesAgo(20),
          lastStatus: 'running',
        }),
        now,
      ).text,
    ).toBe(
      'last succeeded 40 minutes ago (every 5 minutes); a run started 20 minutes ago has not finished',
    );
  });

  it('passes a job not yet run within its first period, and fails one that ran but never succeeded', () => {
    expect(
      jobCheck(
        'checkout-sweep',
        run({ name: 'checkout-sweep', firstExpectedAt: minutesAgo(1) }),
        now,
      ),
    ).toEqual({
      ok: true,
      text: 'not yet run (expected since 1 minute ago, every 10 minutes)',
    });
    expect(
      jobCheck(
        'checkout-sweep',
        run({
          name: 'checkout-sweep',
          firstExpectedAt: minutesAgo(30),
          lastStartedAt: minutesAgo(2),
          lastStatus: 'failed',
        }),
        now,
      ),
    ).toEqual({
      ok: false,
      text: 'never succeeded since first expected 30 minutes ago (every 10 minutes); the last run failed (started 2 minutes ago)',
    });
  });
});
