/**
 * The field-vitals chunk (src/features/insights/vitals.client.ts with web-vitals) in the JS
 * budget: it loads when the page is idle, after the first paint, so it is reported apart
 * rather than counted before interaction; a page that fetched it before its first paint fails.
 */
import type { Page } from '@playwright/test';

export const isVitalsChunk = (url: string) => /\/_astro\/vitals\.client\.[\w-]+\.js/.test(url);

/** When the chunk was requested and when the page first painted, in ms from navigation. */
export type VitalsTiming = { requestedAt: number | null; firstPaintAt: number | null };

export async function vitalsTiming(page: Page): Promise<VitalsTiming> {
  return page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const chunk = performance
      .getEntriesByType('resource')
      .find((e) => /\/_astro\/vitals\.client\.[\w-]+\.js/.test(e.name));
    return {
      requestedAt: chunk ? Math.round(chunk.startTime) : null,
      firstPaintAt: fcp ? Math.round(fcp.startTime) : null,
    };
  });
}

/** The report's line for one page: the chunk's bytes and whether it waited for the paint. */
export function describeVitalsLoad(
  bytes: number,
  timings: VitalsTiming[],
): {
  line: string;
  problem: string | null;
} {
  const seen = timings.filter((t) => t.requestedAt !== null);
  if (!seen.length) return { line: 'not loaded without input', problem: null };
  const early = seen.find((t) => t.firstPaintAt === null || (t.requestedAt ?? 0) < t.firstPaintAt);
  const when = seen.map((t) => `${t.requestedAt} ms (first paint ${t.firstPaintAt} ms)`).join(', ');
  return {
    line: `${(bytes / 1024).toFixed(1)} KB gzip, requested at ${when}: ${early ? 'BEFORE' : 'after'} first paint`,
    problem: early ? 'the web-vitals chunk loaded before the first paint' : null,
  };
}
