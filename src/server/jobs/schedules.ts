// Each function keeps its own `config.schedule` literal (Netlify reads it statically);
// netlify/tests/health.test.mts fails when the two disagree.
export const SCHEDULED_JOBS = {
  'outbox-deliver': { schedule: '*/5 * * * *', everyMinutes: 5 },
  'checkout-sweep': { schedule: '*/10 * * * *', everyMinutes: 10 },
  'rate-limits-purge': { schedule: '@hourly', everyMinutes: 60 },
  'privacy-purge': { schedule: '@daily', everyMinutes: 24 * 60 },
} as const;

export type JobName = keyof typeof SCHEDULED_JOBS;

export const JOB_NAMES = Object.keys(SCHEDULED_JOBS) as JobName[];

// At least ten minutes more: a platform delay, a slow run or one failed run is not an outage.
export function lateAfterMinutes(job: JobName): number {
  const every = SCHEDULED_JOBS[job].everyMinutes;
  return every + Math.max(10, every / 2);
}

export function describePeriod(job: JobName): string {
  const every = SCHEDULED_JOBS[job].everyMinutes;
  if (every === 60) return 'every hour';
  if (every === 24 * 60) return 'every day';
  return `every ${every} minutes`;
}
