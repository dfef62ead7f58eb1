// The web-vitals chunk loads when the page is idle, after the first paint: reported apart from
// the JS budget, and a page that fetched it before its first paint fails.
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
