// Private routes (src/lib/indexing.ts) are noindex on purpose, so their "is-crawlable" audit is
// skipped: being kept out of search results is what they are meant to do.
import { browserEnvironment, chromiumExecutable, chromiumLabel } from './lib/browser.ts';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { isPrivatePath } from '../src/lib/indexing.ts';
import { startServer } from './local-netlify/serve.ts';
import {
  CATEGORIES,
  LIGHTHOUSE_BUDGETS,
  judgeRuns,
  markdownTable,
  type Lhr,
  type RouteSummary,
} from './lib/lighthouse-report.ts';

const root = process.cwd();
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(option('runs') ?? 3);
const ONLY = option('routes')?.split(',');
const PORT = Number(option('port') ?? process.env.LIGHTHOUSE_PORT ?? 4510);

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--mute-audio',
];

async function prerenderedRoutes(distDir: string): Promise<string[]> {
  const routes: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.name.endsWith('.html')) {
        const rel = `/${path.relative(distDir, full).replace(/\\/g, '/')}`;
        const route = rel.replace(/\/index\.html$/, '').replace(/\.html$/, '') || '/';
        // The not-found page answers unknown URLs with status 404, which Lighthouse's SEO
        // category rightly fails; it is covered by the accessibility and header specs.
        if (route !== '/404') routes.push(route);
      }
    }
  };
  await walk(distDir);
  return routes.sort();
}

let currentChrome: chromeLauncher.LaunchedChrome | undefined;

async function runOnce(url: string, skipAudits: string[]): Promise<Lhr> {
  const chrome = (currentChrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable(),
    envVars: browserEnvironment() as Record<string, string>,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  }));
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(skipAudits.length ? { skipAudits } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr as unknown as Lhr;
  } finally {
    chrome.kill();
  }
}

async function main() {
  if (!existsSync(path.join(root, 'dist'))) throw new Error('No dist/: run `npm run build` first.');
  const started = performance.now();
  const server = await startServer({ root, port: PORT, snapshot: true, quiet: true });
  const interrupt = () => {
    currentChrome?.kill();
    void server.close().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const routes = (await prerenderedRoutes(server.distDir)).filter((r) => !ONLY || ONLY.includes(r));
  console.log(
    `Lighthouse (mobile, ${RUNS} run(s) each) on ${routes.length} prerendered route(s) at ${server.origin}`,
  );

  const rows: (RouteSummary & { problems: string[]; runs: RouteSummary[] })[] = [];
  const failingLhrs = new Map<string, Lhr>();
  const redirects: { route: string; to: string }[] = [];
  try {
    for (const route of routes) {
      const skipAudits = isPrivatePath(route) ? ['is-crawlable'] : [];
      const skippedNote = skipAudits.length ? ['is-crawlable skipped: noindex by design'] : [];
      const lhrs: Lhr[] = [];
      const routeStarted = performance.now();
      const url = new URL(route, server.origin).href;
      let redirectedTo: string | undefined;
      for (let i = 0; i < RUNS && !redirectedTo; i++) {
        let lhr = await runOnce(url, skipAudits);
        // Trace recording fails now and then on a busy machine (NO_NAVSTART, ...): retry.
        for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
          console.warn(`  ${route}: ${lhr.runtimeError.code}, running again`);
          lhr = await runOnce(url, skipAudits);
        }
        const landed = lhr.finalDisplayedUrl ? new URL(lhr.finalDisplayedUrl).pathname : route;
        if (landed.replace(/\/$/, '') !== route.replace(/\/$/, '')) redirectedTo = landed;
        lhrs.push(lhr);
      }
      if (redirectedTo) {
        // A page whose script moves on by itself (e.g. /checkout/starter fills the cart and
        // goes to /checkout) has no page load of its own to score; its target is audited.
        console.log(
          `  skip ${route.padEnd(28)} navigates to ${redirectedTo} by itself: not scored`,
        );
        redirects.push({ route, to: redirectedTo });
        continue;
      }
      const { runs, median, problems, medianLhr } = judgeRuns(route, lhrs, skippedNote);
      if (problems.length) failingLhrs.set(route, medianLhr);
      rows.push({ ...median, problems, runs });
      const s = median.scores;
      console.log(
        `  ${problems.length ? 'FAIL' : 'ok  '} ${route.padEnd(28)} P${s.performance} A${s.accessibility} BP${s['best-practices']} SEO${s.seo}` +
          ` LCP ${(median.lcpMs / 1000).toFixed(2)}s CLS ${median.cls.toFixed(3)} TBT ${Math.round(median.tbtMs)}ms` +
          ` JS ${(median.jsBytes / 1024).toFixed(1)}KB  (${((performance.now() - routeStarted) / 1000).toFixed(0)}s)`,
      );
      for (const p of problems) console.log(`       ${p}`);
      for (const a of problems.length ? median.failingAudits : []) console.log(`       - ${a}`);
    }
  } finally {
    await server.close();
  }

  const seconds = Math.round((performance.now() - started) / 1000);
  const failed = rows.filter((r) => r.problems.length);
  const b = LIGHTHOUSE_BUDGETS;
  const md = [
    '# Lighthouse (production build, mobile)',
    '',
    `Median of ${RUNS} run(s) per route (each score and metric on its own, as Lighthouse CI's median aggregation), Lighthouse mobile defaults (simulated throttling) in ${chromiumLabel()}, ` +
      `served by scripts/local-netlify/serve.ts with Netlify's headers. ${routes.length} route(s) in ${seconds} s.`,
    '',
    `Budgets: Performance ≥ ${b.minScore.performance}, Accessibility/Best Practices/SEO ${b.minScore.accessibility}, ` +
      `LCP ≤ ${b.maxLcpMs / 1000} s, CLS ≤ ${b.maxCls}, TBT ≤ ${b.maxTbtMs} ms.`,
    '',
    markdownTable(rows),
    '',
    // The column is not the JS budget: a reader comparing it with 12 KB would misjudge a page.
    'JS (transfer): the scripts Lighthouse fetched, each with its HTTP/1.1 response headers (about 0.6 KB a file here; HTTP/2 compresses them). ' +
      'The 12 KB gzip budget for JavaScript before interaction is checked by `npm run check:js-budget` (reports/js-budget.md).',
    '',
    ...(rows.some((r) => r.skipped.length)
      ? ['\\* private page (noindex by design, src/lib/indexing.ts): "is-crawlable" skipped.', '']
      : []),
    ...(redirects.length
      ? [
          '## Not scored: pages that navigate away by themselves',
          '',
          ...redirects.map((r) => `- ${r.route} → ${r.to}`),
          '',
        ]
      : []),
    ...(failed.length
      ? [
          '## Failing audits',
          '',
          ...failed.flatMap((r) => [
            `- ${r.route}: ${r.problems.join('; ')}`,
            ...r.failingAudits.map((a) => `  - ${a}`),
          ]),
          '',
        ]
      : []),
  ].join('\n');

  await mkdir(path.join(root, 'reports'), { recursive: true });
  await writeFile(path.join(root, 'reports', 'lighthouse.md'), md);
  await writeFile(
    path.join(root, 'reports', 'lighthouse.json'),
    JSON.stringify({ runs: RUNS, seconds, budgets: b, routes: rows, redirects }, null, 2),
  );
  const lhrDir = path.join(root, 'reports', 'lighthouse');
  await rm(lhrDir, { recursive: true, force: true });
  if (failingLhrs.size) {
    await mkdir(lhrDir, { recursive: true });
    for (const [route, lhr] of failingLhrs) {
      const name = route === '/' ? 'home' : route.slice(1).replace(/\//g, '_');
      await writeFile(path.join(lhrDir, `${name}.json`), JSON.stringify(lhr));
    }
  }
  console.log(
    `\n${rows.length - failed.length}/${rows.length} route(s) within budget in ${seconds} s. Report: reports/lighthouse.md`,
  );
  process.exitCode = failed.length ? 1 : 0;
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
