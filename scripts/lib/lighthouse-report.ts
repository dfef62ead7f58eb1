export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** docs/budgets.md states the same numbers. */
export const LIGHTHOUSE_BUDGETS = {
  minScore: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } as Record<
    CategoryId,
    number
  >,
  maxLcpMs: 1500,
  maxCls: 0.02,
  maxTbtMs: 50,
};

export type Lhr = {
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  categories: Partial<
    Record<CategoryId, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  >;
  audits: Record<
    string,
    {
      id?: string;
      title?: string;
      score: number | null;
      scoreDisplayMode?: string;
      numericValue?: number;
      details?: { items?: { resourceType?: string; transferSize?: number; url?: string }[] };
    }
  >;
};

export type RouteSummary = {
  route: string;
  scores: Record<CategoryId, number | null>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Transfer size of all scripts (compressed, as served). */
  jsBytes: number;
  /** Audits that cost a category points (only for categories below 100). */
  failingAudits: string[];
  skipped: string[];
};

export function summarize(route: string, lhr: Lhr, skipped: string[] = []): RouteSummary {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => {
      const s = lhr.categories[c]?.score;
      return [c, s === null || s === undefined ? null : Math.round(s * 100)];
    }),
  ) as Record<CategoryId, number | null>;
  const failingAudits: string[] = [];
  for (const c of CATEGORIES) {
    const cat = lhr.categories[c];
    if (!cat || cat.score === 1) continue;
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failingAudits.push(`${c}: ${ref.id} (${Math.round(audit.score * 100)})`);
      }
    }
  }
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const jsBytes = items
    .filter((i) => i.resourceType === 'Script')
    .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  return {
    route,
    scores,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    jsBytes,
    failingAudits,
    skipped,
  };
}

/** One coherent run to inspect: the middle one by performance score, then LCP, then TBT. */
export function medianRun<T extends RouteSummary>(runs: T[]): T {
  if (!runs.length) throw new Error('no runs');
  const sorted = [...runs].sort(
    (a, b) =>
      (a.scores.performance ?? -1) - (b.scores.performance ?? -1) ||
      b.lcpMs - a.lcpMs ||
      b.tbtMs - a.tbtMs,
  );
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
};

/**
 * Each score and metric's own median, as Lighthouse CI aggregates: taken from one middle run, TBT
 * is a lottery on a noisy machine. Failing audits are the median run's (the one saved).
 */
export function medianOfRuns<T extends RouteSummary>(runs: T[]): RouteSummary {
  const representative = medianRun(runs);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => {
      const values = runs.map((r) => r.scores[c]).filter((v): v is number => v !== null);
      return [c, values.length ? Math.round(median(values)) : null];
    }),
  ) as Record<CategoryId, number | null>;
  return {
    route: representative.route,
    scores,
    lcpMs: median(runs.map((r) => r.lcpMs)),
    cls: median(runs.map((r) => r.cls)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    jsBytes: median(runs.map((r) => r.jsBytes)),
    failingAudits: representative.failingAudits,
    skipped: representative.skipped,
  };
}

export function judgeRuns(
  route: string,
  lhrs: Lhr[],
  skipped: string[] = [],
  budgets = LIGHTHOUSE_BUDGETS,
): { runs: RouteSummary[]; median: RouteSummary; problems: string[]; medianLhr: Lhr } {
  const runs = lhrs.map((lhr) => summarize(route, lhr, skipped));
  const median = medianOfRuns(runs);
  const medianLhr = lhrs[runs.indexOf(medianRun(runs))]!;
  return { runs, median, problems: budgetProblems(median, budgets), medianLhr };
}

export function budgetProblems(s: RouteSummary, budgets = LIGHTHOUSE_BUDGETS): string[] {
  const problems: string[] = [];
  for (const c of CATEGORIES) {
    const score = s.scores[c];
    if (score === null) problems.push(`${c}: no score`);
    else if (score < budgets.minScore[c]) problems.push(`${c} ${score} < ${budgets.minScore[c]}`);
  }
  if (!(s.lcpMs <= budgets.maxLcpMs))
    problems.push(`LCP ${formatMs(s.lcpMs)} > ${formatMs(budgets.maxLcpMs)}`);
  if (!(s.cls <= budgets.maxCls)) problems.push(`CLS ${s.cls.toFixed(3)} > ${budgets.maxCls}`);
  if (!(s.tbtMs <= budgets.maxTbtMs))
    problems.push(`TBT ${Math.round(s.tbtMs)} ms > ${budgets.maxTbtMs} ms`);
  return problems;
}

export function formatMs(ms: number): string {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a';
}

function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function markdownTable(rows: (RouteSummary & { problems: string[] })[]): string {
  const score = (n: number | null) => (n === null ? 'n/a' : String(n));
  const lines = [
    '| route | Perf | A11y | Best Pr. | SEO | LCP | CLS | TBT | JS (transfer) | result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const note = r.skipped.length ? ` (${r.skipped.join('; ')})` : '';
    lines.push(
      `| ${r.route} | ${score(r.scores.performance)} | ${score(r.scores.accessibility)} | ${score(r.scores['best-practices'])} | ${score(r.scores.seo)}${note ? '*' : ''} | ${formatMs(r.lcpMs)} | ${Number.isFinite(r.cls) ? r.cls.toFixed(3) : 'n/a'} | ${Number.isFinite(r.tbtMs) ? `${Math.round(r.tbtMs)} ms` : 'n/a'} | ${formatKb(r.jsBytes)} | ${r.problems.length ? `FAIL: ${r.problems.join('; ')}` : 'ok'} |`,
    );
  }
  return lines.join('\n');
}
