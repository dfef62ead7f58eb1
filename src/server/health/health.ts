// Every check is a primary-key or index lookup, so a monitor may call it every minute.
import type { Db } from '../db/client.ts';
import { LATEST_MIGRATION } from '../db/latest-migration.ts';
import { DatabaseSchemaError, migrationState } from '../db/schema-check.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { ConfigurationError } from '../env.ts';
import { jobRunsOf, type JobRun } from '../jobs/job-runs.ts';
import { describePeriod, JOB_NAMES, lateAfterMinutes, type JobName } from '../jobs/schedules.ts';
import { oldestDueSince } from '../mail/outbox.ts';

// Delivery runs every 5 minutes.
export const OUTBOX_MAX_WAIT_MINUTES = 15;

export const HEALTH_DATABASE_TIMEOUT_MS = 4_000;

const NOT_CHECKED = 'not checked (no database)';

type Check = { ok: boolean; text: string };

export type HealthReport = {
  status: 'ok' | 'failing';
  checks: {
    configuration: string;
    database: string;
    schema: string;
    outbox: string;
    jobs: Record<string, string>;
  };
};

export type HealthOptions = {
  openDb: () => Promise<Db>;
  configurationProblem?: string;
  smtpConfigured: boolean;
  /** Schedules run on the published deploy only. */
  jobsScheduled: boolean;
  now?: Date;
  timeoutMs?: number;
};

const ok: Check = { ok: true, text: 'ok' };
const failing = (text: string): Check => ({ ok: false, text });

type DatabaseChecks = Omit<HealthReport['checks'], 'configuration'>;

export async function checkHealth(options: HealthOptions): Promise<HealthReport> {
  const now = options.now ?? new Date();
  const configuration = options.configurationProblem ? failing(options.configurationProblem) : ok;
  const timeoutMs = options.timeoutMs ?? HEALTH_DATABASE_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HealthTimeout(timeoutMs)), timeoutMs);
  });
  let result: { checks: DatabaseChecks; ok: boolean };
  try {
    result = await Promise.race([databaseChecks(options, now), timedOut]);
  } catch (error) {
    const behind = error instanceof DatabaseSchemaError;
    result = {
      ok: false,
      checks: {
        database: describeDatabaseFailure(error),
        schema: behind ? schemaBehind(error) : NOT_CHECKED,
        outbox: NOT_CHECKED,
        jobs: {},
      },
    };
  } finally {
    clearTimeout(timer);
  }
  return {
    status: result.ok && configuration.ok ? 'ok' : 'failing',
    checks: { configuration: configuration.text, ...result.checks },
  };
}

async function databaseChecks(
  options: HealthOptions,
  now: Date,
): Promise<{ checks: DatabaseChecks; ok: boolean }> {
  const db = await options.openDb();
  const schema = await schemaCheck(db);
  const outbox = await outboxCheck(db, now, options.smtpConfigured);
  const jobs = options.jobsScheduled ? await jobChecks(db, now) : notScheduled();
  return {
    ok: schema.ok && outbox.ok && Object.values(jobs).every((c) => c.ok),
    checks: {
      database: ok.text,
      schema: schema.text,
      outbox: outbox.text,
      jobs: Object.fromEntries(Object.entries(jobs).map(([name, check]) => [name, check.text])),
    },
  };
}

class HealthTimeout extends Error {
  readonly ms: number;
  constructor(ms: number) {
    super(`no answer within ${ms / 1000} seconds`);
    this.ms = ms;
    this.name = 'HealthTimeout';
  }
}

// Never the connection string, host or a query's values.
function describeDatabaseFailure(error: unknown): string {
  if (error instanceof HealthTimeout) return error.message;
  if (error instanceof ConfigurationError) return `not configured (${error.missing.join(', ')})`;
  // Reachable, but behind the code: the schema check says what is missing.
  if (error instanceof DatabaseSchemaError) return 'ok';
  const code = errorCode(error);
  if (isDatabaseUnavailable(error)) return `unreachable${code ? ` (${code})` : ''}`;
  return `query failed${code ? ` (${code})` : ''}`;
}

function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const { code, cause, errors } = current as {
      code?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && /^[A-Z0-9_]{2,20}$/.test(code)) return code;
    current = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return undefined;
}

function schemaBehind(error: DatabaseSchemaError): string {
  const shown = error.missing.slice(0, 3).join(', ');
  const more = error.missing.length > 3 ? ` and ${error.missing.length - 3} more` : '';
  return `behind the code: missing ${shown}${more}`;
}

async function schemaCheck(db: Db): Promise<Check> {
  const { applied, newest } = await migrationState(db, LATEST_MIGRATION).catch((error: unknown) => {
    // No tracking table at all: a database nobody migrated the platform's way.
    if (errorCode(error) === '42P01') return { applied: false, newest: null };
    throw error;
  });
  if (applied) return ok;
  return failing(`migration ${LATEST_MIGRATION} not applied (newest applied: ${newest ?? 'none'})`);
}

async function outboxCheck(db: Db, now: Date, smtpConfigured: boolean): Promise<Check> {
  const dueSince = await oldestDueSince(db, now);
  if (!dueSince) return ok;
  const minutes = minutesBetween(dueSince, now);
  if (minutes < OUTBOX_MAX_WAIT_MINUTES) return ok;
  const why = smtpConfigured ? '' : ' (SMTP_URL is not set, so nothing is sent)';
  return failing(`oldest due message is ${ago(minutes, '')} old${why}`);
}

function notScheduled(): Record<JobName, Check> {
  const text = 'not checked (scheduled functions run on the published deploy only)';
  return Object.fromEntries(JOB_NAMES.map((name) => [name, { ok: true, text }])) as Record<
    JobName,
    Check
  >;
}

async function jobChecks(db: Db, now: Date): Promise<Record<JobName, Check>> {
  const rows = await jobRunsOf(db, JOB_NAMES, now);
  return Object.fromEntries(
    JOB_NAMES.map((name) => [
      name,
      jobCheck(
        name,
        rows.find((r) => r.name === name),
        now,
      ),
    ]),
  ) as Record<JobName, Check>;
}

export function jobCheck(name: JobName, run: JobRun | undefined, now: Date): Check {
  const late = lateAfterMinutes(name);
  const period = describePeriod(name);
  const sinceSuccess = run?.lastSucceededAt ? minutesBetween(run.lastSucceededAt, now) : null;
  if (sinceSuccess !== null && sinceSuccess <= late) return ok;
  const lastRun = describeLastRun(run, now);
  if (sinceSuccess !== null) {
    return failing(`last succeeded ${ago(sinceSuccess)} (${period})${lastRun}`);
  }
  const expectedFor = run ? minutesBetween(run.firstExpectedAt, now) : 0;
  if (!run?.lastStartedAt && expectedFor <= late) {
    return { ok: true, text: `not yet run (expected since ${ago(expectedFor)}, ${period})` };
  }
  return failing(`never succeeded since first expected ${ago(expectedFor)} (${period})${lastRun}`);
}

function describeLastRun(run: JobRun | undefined, now: Date): string {
  if (!run?.lastStartedAt) return '';
  const started = ago(minutesBetween(run.lastStartedAt, now));
  if (run.lastStatus === 'failed') return `; the last run failed (started ${started})`;
  if (run.lastStatus === 'running') return `; a run started ${started} has not finished`;
  return '';
}

function minutesBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));
}

function ago(minutes: number, suffix = ' ago'): string {
  if (minutes >= 120) return `${Math.floor(minutes / 60)} hours${suffix}`;
  return `${minutes} minute${minutes === 1 ? '' : 's'}${suffix}`;
}
