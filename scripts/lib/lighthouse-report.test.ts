import { describe, expect, it } from 'vitest';
import {
  budgetProblems,
  judgeRuns,
  markdownTable,
  medianOfRuns,
  medianRun,
  summarize,
  type Lhr,
  type RouteSummary,
} from './lighthouse-report.ts';

function lhr(perf: number, lcp: number, tbt: number, extra: Partial<Lhr> = {}): Lhr {
  const cat = (score: number, ids: string[] = []) => ({
    score,
    auditRefs: ids.map((id) => ({ id, weight: 1 })),
  });
  return {
    categories: {
      performance: cat(perf),
      accessibility: cat(1),
      'best-practices': cat(1),
      seo: cat(1),
    },
    audits: {
      'largest-contentful-paint': { score: 1, numericValue: lcp },
      'cumulative-layout-shift': { score: 1, numericValue: 0.001 },
      'total-blocking-time': { score: 1, numericValue: tbt },
      'network-requests': {
        score: null,
        details: {
          items: [
            { resourceType: 'Script', transferSize: 1000 },
            { resourceType: 'Script', transferSize: 500 },
            { resourceType: 'Stylesheet', transferSize: 9000 },
          ],
        },
      },
    },
    ...extra,
  };
}

describe('summarize', () => {
  it('reads scores, metrics and script bytes', () => {
    const s = summarize('/', lhr(0.99, 1200, 20));
    expect(s.scores).toEqual({
      performance: 99,
      accessibility: 100,
      'best-practices': 100,
      seo: 100,
    });
    expect(s).toMatchObject({
      lcpMs: 1200,
      cls: 0.001,
      tbtMs: 20,
      jsBytes: 1500,
      failingAudits: [],
    });
  });

  it('names the weighted audits that cost a category points', () => {
    const result = lhr(1, 1000, 0);
    result.categories.accessibility = {
      score: 0.9,
      auditRefs: [
        { id: 'color-contrast', weight: 7 },
        { id: 'manual', weight: 0 },
      ],
    };
    result.audits['color-contrast'] = { score: 0 };
    result.audits.manual = { score: 0 };
    expect(summarize('/', result).failingAudits).toEqual(['accessibility: color-contrast (0)']);
  });
});

describe('medianRun', () => {
  it('takes the middle run by performance score, then the slower LCP', () => {
    const runs = [lhr(0.9, 2000, 10), lhr(1, 900, 0), lhr(0.99, 1300, 10)].map((r) =>
      summarize('/', r),
    );
    expect(medianRun(runs).scores.performance).toBe(99);
    const ties = [lhr(1, 900, 0), lhr(1, 1100, 0), lhr(1, 1000, 0)].map((r) => summarize('/', r));
    expect(medianRun(ties).lcpMs).toBe(1000);
  });
});

describe('medianOfRuns', () => {
  it('takes the median of each metric on its own, so one slow run moves no budget', () => {
    const runs = [lhr(1, 905, 0), lhr(1, 964, 64), lhr(1, 908, 8)].map((r) => summarize('/', r));
    const result = medianOfRuns(runs);
    // The run with the middle LCP (908) is not the run with the middle TBT.
    expect(result.lcpMs).toBe(908);
    expect(result.tbtMs).toBe(8);
    expect(budgetProblems(result)).toEqual([]);
  });

  it('fails a budget that the middle value misses', () => {
    const runs = [lhr(1, 900, 70), lhr(1, 900, 55), lhr(1, 900, 10)].map((r) => summarize('/', r));
    expect(budgetProblems(medianOfRuns(runs))).toEqual(['TBT 55 ms > 50 ms']);
  });

  it('takes the median score per category and averages the middle pair of an even count', () => {
    const runs = [lhr(0.97, 1000, 0), lhr(1, 1200, 0), lhr(0.99, 1100, 0), lhr(0.98, 1300, 0)].map(
      (r) => summarize('/', r),
    );
    const result = medianOfRuns(runs);
    expect(result.scores.performance).toBe(99); // (98 + 99) / 2, rounded
    expect(result.lcpMs).toBe(1150);
    expect(result.scores.accessibility).toBe(100);
  });
});

describe('judgeRuns', () => {
  it('summarizes each run and keeps the median run’s full result with the problems', () => {
    const lhrs = [lhr(1, 900, 70), lhr(0.9, 900, 55), lhr(1, 900, 10)];
    const judged = judgeRuns('/contact', lhrs, ['is-crawlable skipped']);
    expect(judged.runs.map((r) => r.tbtMs)).toEqual([70, 55, 10]);
    expect(judged.runs.every((r) => r.route === '/contact')).toBe(true);
    expect(judged.median).toMatchObject({ route: '/contact', tbtMs: 55 });
    expect(judged.median.skipped).toEqual(['is-crawlable skipped']);
    expect(judged.problems).toEqual(['TBT 55 ms > 50 ms']);
    // The middle run by performance score, then LCP, then TBT: the 100 with TBT 70.
    expect(judged.medianLhr).toBe(lhrs[0]);
  });
});

describe('budgetProblems', () => {
  const ok: RouteSummary = summarize('/', lhr(1, 1500, 50));

  it('accepts a run exactly at the limits', () => {
    expect(budgetProblems(ok)).toEqual([]);
  });

  it('reports every limit that is missed', () => {
    const bad = {
      ...ok,
      scores: { ...ok.scores, performance: 99, seo: 92 },
      lcpMs: 1600,
      cls: 0.05,
      tbtMs: 120,
    };
    expect(budgetProblems(bad)).toEqual([
      'performance 99 < 100',
      'seo 92 < 100',
      'LCP 1.60 s > 1.50 s',
      'CLS 0.050 > 0.02',
      'TBT 120 ms > 50 ms',
    ]);
  });

  it('treats a missing metric as a failure', () => {
    expect(budgetProblems({ ...ok, lcpMs: Number.NaN })).toEqual(['LCP n/a > 1.50 s']);
  });
});

it('renders one table row per route', () => {
  const table = markdownTable([
    { ...summarize('/about', lhr(1, 1000, 0), ['is-crawlable skipped']), problems: [] },
  ]);
  expect(table.split('\n')).toHaveLength(3);
  expect(table).toContain(
    '| /about | 100 | 100 | 100 | 100* | 1.00 s | 0.001 | 0 ms | 1.5 KB | ok |',
  );
});
