import { executableOption } from './lib/browser.ts';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { ROUTES } from '../e2e/routes.ts';
import {
  describeVitalsLoad,
  isVitalsChunk,
  vitalsTiming,
  type VitalsTiming,
} from './lib/field-vitals.ts';
import { startServer, type RunningServer } from './local-netlify/serve.ts';
import { filePathOf, moduleClosure } from '../src/page-runtime/build/module-graph.ts';
import {
  eagerDirectivesInSource,
  extractPageScripts,
  formatKb,
  gzipSize,
  BUDGETS,
  hydratesOnUse,
  hydratesWithoutInput,
  islandUrls,
  judge,
  pageKind,
  routeOfPageFile,
  type Island,
  type PageReport,
} from './lib/js-budget.ts';

const root = process.cwd();
const staticOnly = process.argv.includes('--static-only');
const port = Number(process.env.JS_BUDGET_PORT ?? 4520);

// Lighthouse's phone, and a common laptop screen.
const VIEWPORTS = [
  {
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1.75,
  },
  {
    viewport: { width: 1350, height: 940 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  },
] as const;

async function listHtml(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listHtml(full, base)));
    else if (entry.name.endsWith('.html')) out.push(path.relative(base, full));
  }
  return out;
}

function routeOfHtml(relative: string): string {
  const p = `/${relative.replace(/\\/g, '/')}`.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  return p || '/';
}

async function main() {
  if (!existsSync(path.join(root, 'dist'))) throw new Error('No dist/: run `npm run build` first.');
  const server: RunningServer = await startServer({ root, port, snapshot: true, quiet: true });
  let browser: Browser | undefined;
  try {
    const { pages, notBuilt } = await collectPages(server);
    if (!staticOnly) {
      browser = await chromium.launch({
        ...executableOption(),
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
    }
    const readModule = moduleReader(server.distDir);
    const reports: PageReport[] = [];
    for (const route of [...pages.keys()].sort()) {
      if (process.env.JS_BUDGET_VERBOSE) console.log(`  measuring ${route}`);
      const observed = browser
        ? await observeScripts(browser, new URL(route, server.origin).href)
        : undefined;
      reports.push(await measure(route, pages.get(route)!, readModule, observed));
    }
    const sourceProblems = await scanSources();
    await writeReports(reports, sourceProblems, notBuilt);
    const failed = reports.filter((r) => r.problems.length).length + sourceProblems.length;
    process.exitCode = failed ? 1 : 0;
  } finally {
    await browser?.close();
    await server.close();
  }
}

async function collectPages(server: RunningServer) {
  const pages = new Map<string, string>();
  for (const rel of await listHtml(server.distDir)) {
    pages.set(routeOfHtml(rel), await readFile(path.join(server.distDir, rel), 'utf8'));
  }
  const notBuilt: string[] = [];
  for (const { path: route } of ROUTES) {
    if (pages.has(route)) continue;
    const res = await fetch(new URL(route, server.origin), {
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const type = res.headers.get('content-type') ?? '';
    if (res.status === 200 && type.includes('text/html')) pages.set(route, await res.text());
    else notBuilt.push(`${route} (${res.status})`);
  }
  return { pages, notBuilt };
}

function moduleReader(distDir: string) {
  const cache = new Map<string, string | undefined>();
  return async (url: string) => {
    if (!cache.has(url)) {
      const file = path.join(distDir, filePathOf(url));
      const inside = file.startsWith(distDir + path.sep) && existsSync(file);
      cache.set(url, inside ? await readFile(file, 'utf8') : undefined);
    }
    return cache.get(url);
  };
}

async function measure(
  route: string,
  html: string,
  readModule: (url: string) => Promise<string | undefined>,
  observed: Observed | undefined,
): Promise<PageReport & { vitals?: string }> {
  const scripts = extractPageScripts(html);
  const eagerIslands = scripts.islands.filter(hydratesWithoutInput);
  const visibleIslands = scripts.islands.filter(
    (i) => !hydratesWithoutInput(i) && !hydratesOnUse(i),
  );
  const counted = await moduleClosure(
    [...scripts.scriptUrls, ...eagerIslands.flatMap(islandUrls)],
    scripts.inlineCode,
    route,
    readModule,
  );
  const extra =
    observed?.seen ??
    (await moduleClosure(visibleIslands.flatMap(islandUrls), [], route, readModule));
  const vitalsChunks = [...extra].filter(isVitalsChunk);
  for (const url of extra) if (!isVitalsChunk(url)) counted.add(url);
  const files: PageReport['files'] = [];
  for (const url of [...counted].sort()) {
    const code = await readModule(url);
    if (code !== undefined) files.push({ url, bytes: gzipSize(code) });
  }
  const inlineBytes = scripts.inlineCode.reduce((sum, code) => sum + gzipSize(code), 0);
  const counts = (i: Island) => Boolean(i.componentUrl && counted.has(i.componentUrl));
  let vitalsBytes = 0;
  for (const url of vitalsChunks) vitalsBytes += gzipSize((await readModule(url)) ?? '');
  const vitals = describeVitalsLoad(vitalsBytes, observed?.vitals ?? []);
  const report = judge({
    path: route,
    kind: pageKind(route),
    bytes: files.reduce((sum, f) => sum + f.bytes, 0) + inlineBytes,
    inlineBytes,
    files,
    eagerIslands: eagerIslands.map((i) => `${i.directive} ${i.name ?? i.componentUrl}`),
    visibleIslands: visibleIslands.map(
      (i) =>
        `${i.directive} ${i.name ?? i.componentUrl}${counts(i) ? ' (loaded without scrolling: counted)' : ''}`,
    ),
  });
  if (vitals.problem) report.problems.push(vitals.problem);
  return { ...report, vitals: vitals.line };
}

type Observed = { seen: Set<string>; vitals: VitalsTiming[] };

async function observeScripts(browser: Browser, url: string): Promise<Observed> {
  const seen = new Set<string>();
  const vitals: VitalsTiming[] = [];
  const origin = new URL(url).origin;
  for (const device of VIEWPORTS) {
    const context = await browser.newContext(device);
    const page = await context.newPage();
    page.on('request', (req) => {
      const u = new URL(req.url());
      // With the query, as moduleClosure names a module.
      if (u.origin === origin && req.resourceType() === 'script') seen.add(u.pathname + u.search);
    });
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    // client:idle islands hydrate in requestIdleCallback, visible ones on the first frame:
    // 500 ms without requests covers both. A page that keeps the network busy gets 15 s.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
    vitals.push(await vitalsTiming(page));
    await context.close();
  }
  return { seen, vitals };
}

/** Content page sources must not use client:load/client:only (covers on-demand pages too). */
async function scanSources(): Promise<string[]> {
  const pagesDir = path.join(root, 'src', 'pages');
  const problems: string[] = [];
  const walk = async (dir: string): Promise<string[]> => {
    const out: string[] = [];
    for (const e of await readdir(dir, { withFileTypes: true })) {
      // `_` files and folders are no routes (page shells); the built pages using them are checked.
      if (e.name.startsWith('_')) continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) out.push(...(await walk(full)));
      else if (/\.(astro|mdx)$/.test(e.name)) out.push(full);
    }
    return out;
  };
  for (const file of await walk(pagesDir)) {
    const route = routeOfPageFile(path.relative(pagesDir, file));
    if (pageKind(route) !== 'content') continue;
    for (const d of eagerDirectivesInSource(await readFile(file, 'utf8'))) {
      problems.push(`${path.relative(root, file)}: ${d} on a content page`);
    }
  }
  return problems;
}

async function writeReports(
  reports: (PageReport & { vitals?: string })[],
  sourceProblems: string[],
  notBuilt: string[],
) {
  const lines = [
    '# JavaScript before interaction (gzip)',
    '',
    `Generated by \`npm run check:js-budget\`${staticOnly ? ' (static only: every client:visible island counted)' : ' (static analysis + Chromium, phone and desktop, no input)'}.`,
    `Budgets: content pages ${formatKb(BUDGETS.content)}, interactive pages ${formatKb(BUDGETS.interactive)}.`,
    '',
    '| route | kind | JS before interaction | budget | files | result |',
    '|---|---|---:|---:|---:|---|',
    ...reports.map(
      (r) =>
        `| ${r.path} | ${r.kind} | ${formatKb(r.bytes)} | ${formatKb(r.budget)} | ${r.files.length}${r.inlineBytes ? ` + inline ${formatKb(r.inlineBytes)}` : ''} | ${r.problems.length ? `FAIL: ${r.problems.join('; ')}` : 'ok'} |`,
    ),
    '',
  ];
  lines.push(
    '## Field vitals (web-vitals, loaded when idle; not counted above)',
    '',
    ...reports.filter((r) => r.vitals).map((r) => `- ${r.path}: ${r.vitals}`),
    '',
  );
  const withIslands = reports.filter((r) => r.visibleIslands.length || r.eagerIslands.length);
  if (withIslands.length) {
    lines.push('## Islands', '');
    for (const r of withIslands) {
      lines.push(
        `- ${r.path}: ${[...r.eagerIslands.map((i) => `${i} (counted)`), ...r.visibleIslands].join(', ')}`,
      );
    }
    lines.push('');
  }
  if (sourceProblems.length)
    lines.push('## Source problems', '', ...sourceProblems.map((p) => `- ${p}`), '');
  if (notBuilt.length)
    lines.push(
      '## Routes of e2e/routes.ts not answered with a page',
      '',
      ...notBuilt.map((p) => `- ${p}`),
      '',
    );
  await mkdir(path.join(root, 'reports'), { recursive: true });
  await writeFile(path.join(root, 'reports', 'js-budget.md'), lines.join('\n'));
  await writeFile(
    path.join(root, 'reports', 'js-budget.json'),
    JSON.stringify({ staticOnly, reports, sourceProblems, notBuilt }, null, 2),
  );

  const width = Math.max(...reports.map((r) => r.path.length), 5);
  console.log(`\nJS before interaction (gzip)${staticOnly ? ', static only' : ''}:`);
  for (const r of reports) {
    const mark = r.problems.length ? 'FAIL' : 'ok  ';
    console.log(
      `  ${mark} ${r.path.padEnd(width)} ${r.kind.padEnd(11)} ${formatKb(r.bytes).padStart(9)} / ${formatKb(r.budget)}`,
    );
    for (const p of r.problems) console.log(`       ${p}`);
    if (r.vitals && r.kind === 'content') console.log(`       web-vitals: ${r.vitals}`);
  }
  for (const p of sourceProblems) console.log(`  FAIL ${p}`);
  if (notBuilt.length) console.log(`  (not built yet: ${notBuilt.join(', ')})`);
  console.log('  report: reports/js-budget.md');
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
