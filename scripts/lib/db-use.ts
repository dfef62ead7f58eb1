import type { DbTiming, RequestDbUse } from './db-timing-preload.ts';
import { percentile, type Endpoint } from './load-run.ts';

export type HealthPolls = { answers: number[]; ms: number[] };

export function endpointOfPath(path: string): Endpoint | 'health' | undefined {
  if (path === '/api/health') return 'health';
  if (path === '/api/contact-form') return 'contact';
  if (path === '/api/schedule-meeting') return 'meeting';
  if (path === '/api/create-checkout-session') return 'checkout';
  if (path === '/api/simulated-checkout') return 'pay';
  if (path.startsWith('/api/checkout-session/')) return 'lookup';
  return undefined;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Per endpoint: requests timed, queries and transactions per request, DB and pool-wait ms. */
export function dbUseTable(timing: DbTiming, health?: HealthPolls): string {
  const groups = new Map<string, RequestDbUse[]>();
  for (const use of timing.requests) {
    const endpoint = endpointOfPath(use.path) ?? use.path;
    groups.set(endpoint, [...(groups.get(endpoint) ?? []), use]);
  }
  const header = [
    'endpoint',
    'requests',
    'queries/req',
    'transactions/req',
    'DB ms/req p50',
    'DB ms/req p95',
    'pool wait ms p50',
    'pool wait ms p95',
  ];
  const lines = [...groups].map(([endpoint, uses]) => {
    const mean = (pick: (u: RequestDbUse) => number) =>
      round(uses.reduce((sum, u) => sum + pick(u), 0) / uses.length);
    const pct = (pick: (u: RequestDbUse) => number, p: number) =>
      round(percentile(uses.map(pick), p));
    return [
      endpoint,
      uses.length,
      mean((u) => u.queries),
      mean((u) => u.transactions),
      pct((u) => u.dbMs, 50),
      pct((u) => u.dbMs, 95),
      pct((u) => u.poolWaitMs, 50),
      pct((u) => u.poolWaitMs, 95),
    ].map(String);
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    `| ${cells.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const table = [
    row(header),
    `|${widths.map((w, i) => (i ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`,
    ...lines.map(row),
  ].join('\n');
  if (!health?.answers.length) return table;
  const statuses = [...new Set(health.answers)].join(', ');
  return (
    `${table}\n\nGET /api/health once a second: ${health.answers.length} answers (${statuses}), ` +
    `p50 ${percentile(health.ms, 50)} ms, p95 ${percentile(health.ms, 95)} ms`
  );
}
