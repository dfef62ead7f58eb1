// "Before interaction": scripts, modulepreloads and islands that hydrate without input, with their
// static import closure (not `import()`, not `client:intent`); `client:visible` islands count only
// in the first viewport. Sizes are gzip level 9 of the built files, what goes over the wire at most.
import { gzipSync } from 'node:zlib';

export const KB = 1024;

/**
 * Gzip bytes, as in docs/budgets.md. Content: what a phone on slow 4G takes without a long task in
 * Lighthouse's model; interactive: the heaviest page (/client-onboarding, 98.7 KB) plus 10%.
 */
export const BUDGETS = {
  content: 12 * KB,
  interactive: 109 * KB,
} as const;

export type PageKind = keyof typeof BUDGETS;

const INTERACTIVE =
  /^\/(checkout|onboarding(-[\w-]+)?|client-onboarding|dashboard|admin|test-[\w-]+|pay)(\/|$)/;

export function pageKind(pathname: string): PageKind {
  return INTERACTIVE.test(pathname) ? 'interactive' : 'content';
}

export type Island = {
  directive: string;
  componentUrl: string | undefined;
  rendererUrl: string | undefined;
  beforeHydrationUrl: string | undefined;
  name: string | undefined;
};

export type PageScripts = {
  scriptUrls: string[];
  /** Inline script bodies (executable ones; JSON-LD and other data blocks excluded). */
  inlineCode: string[];
  islands: Island[];
};

const EAGER_DIRECTIVES = new Set(['load', 'idle', 'only', 'media']);
/** The project's `client:intent` (src/page-runtime/intent-directive.ts) loads only on the visitor's input. */
const ON_USE_DIRECTIVES = new Set(['intent']);
const DATA_SCRIPT = /^(application\/(ld\+)?json|importmap|speculationrules|text\/template)$/i;

export function parseAttributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const body = tag.replace(/^<[\w-]+/, '').replace(/\/?>$/, '');
  const re = /([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of body.matchAll(re)) {
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    attrs[m[1]!.toLowerCase()] = decodeEntities(value);
  }
  return attrs;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function extractPageScripts(html: string): PageScripts {
  const scriptUrls: string[] = [];
  const inlineCode: string[] = [];
  const islands: Island[] = [];

  for (const m of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = parseAttributes(m[1]!);
    if (attrs.type && DATA_SCRIPT.test(attrs.type)) continue;
    if (attrs.src) scriptUrls.push(attrs.src);
    else if (m[2]!.trim()) inlineCode.push(m[2]!);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = parseAttributes(m[0]);
    if (attrs.rel?.split(/\s+/).includes('modulepreload') && attrs.href)
      scriptUrls.push(attrs.href);
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    const attrs = parseAttributes(m[0]);
    let name: string | undefined;
    try {
      name = (JSON.parse(attrs.opts ?? '{}') as { name?: string }).name;
    } catch {
      name = attrs['component-export'];
    }
    islands.push({
      directive: attrs.client ?? 'unknown',
      componentUrl: attrs['component-url'],
      rendererUrl: attrs['renderer-url'],
      beforeHydrationUrl: attrs['before-hydration-url'],
      name,
    });
  }
  return { scriptUrls: unique(scriptUrls), inlineCode, islands };
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

export function hydratesWithoutInput(island: Island): boolean {
  return EAGER_DIRECTIVES.has(island.directive);
}

export function hydratesOnUse(island: Island): boolean {
  return ON_USE_DIRECTIVES.has(island.directive);
}

export function islandUrls(island: Island): string[] {
  return [island.componentUrl, island.rendererUrl, island.beforeHydrationUrl].filter(
    (u): u is string => Boolean(u),
  );
}

export function gzipSize(content: string | Uint8Array): number {
  return gzipSync(content, { level: 9 }).length;
}

export type PageReport = {
  path: string;
  kind: PageKind;
  budget: number;
  /** gzip bytes loaded before interaction, as counted for the budget. */
  bytes: number;
  inlineBytes: number;
  files: { url: string; bytes: number }[];
  /** client:visible islands: not counted unless measured in the first viewport (or no browser). */
  visibleIslands: string[];
  eagerIslands: string[];
  problems: string[];
};

export function judge(report: Omit<PageReport, 'problems' | 'budget'>): PageReport {
  const budget = BUDGETS[report.kind];
  const problems: string[] = [];
  if (report.bytes > budget) {
    problems.push(
      `${formatKb(report.bytes)} of JavaScript before interaction exceeds the ${report.kind} budget of ${formatKb(budget)}`,
    );
  }
  if (report.kind === 'content') {
    for (const island of report.eagerIslands) {
      if (/^(load|only)\b/.test(island)) {
        problems.push(
          `content page hydrates island ${island} on load (use client:visible/idle or load on use)`,
        );
      }
    }
  }
  return { ...report, budget, problems };
}

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** `client:load` / `client:only` in page source, for pages the build renders on demand. */
export function eagerDirectivesInSource(source: string): string[] {
  return [...source.matchAll(/\bclient:(load|only)\b/g)].map((m) => `client:${m[1]}`);
}

export function routeOfPageFile(relative: string): string {
  const noExt = relative.replace(/\\/g, '/').replace(/\.(astro|md|mdx|html|ts|js)$/, '');
  const route = `/${noExt}`.replace(/\/index$/, '') || '/';
  return route;
}
