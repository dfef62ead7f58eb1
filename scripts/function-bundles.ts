// The cold-import budget (--timing) is a time, so a benchmark on an idle machine, not `npm test`:
// the Stripe functions import in 290-300 ms idle and took 302-339 ms in a loaded CI run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { parse as parseToml } from 'smol-toml';

export const BUDGET = { maxBytes: 5 * 1024 * 1024, maxColdImportMs: 300 };
const PGLITE = `${path.sep}@electric-sql${path.sep}pglite${path.sep}`;

type Report = { name: string; bytes: number; coldImportMs: number; hasPglite: boolean };

async function walk(dir: string): Promise<{ bytes: number; files: string[] }> {
  let bytes = 0;
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    bytes += (await stat(file)).size;
    files.push(file);
  }
  return { bytes, files };
}

/** Milliseconds a new Node process spends importing `file` (the best of `tries`). */
function coldImportMs(file: string, tries = 3): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  let best = Infinity;
  for (let i = 0; i < tries; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      // The bundle runs with production's variables: no database URL, no local run.
      env: { PATH: process.env.PATH, NODE_ENV: 'production' },
    });
    if (run.status !== 0) {
      const reason = run.stderr.split('\n').find((l) => /Error/.test(l)) ?? run.stderr.slice(-300);
      throw new Error(`${file} does not load: ${reason.slice(0, 300)}`);
    }
    const out = run.stdout;
    best = Math.min(best, Number(out.trim().split('\n').pop()));
    if (best <= BUDGET.maxColdImportMs) break;
  }
  return Math.round(best);
}

async function netlifySettings(root: string) {
  const toml = parseToml(await readFile(path.join(root, 'netlify.toml'), 'utf8')) as {
    build?: { functions?: string };
    functions?: {
      node_bundler?: 'esbuild' | 'nft' | 'zisi' | 'none';
      included_files?: string[];
      external_node_modules?: string[];
      ignored_node_modules?: string[];
    };
  };
  return {
    directory: path.join(root, toml.build?.functions ?? 'netlify/functions'),
    config: {
      nodeBundler: toml.functions?.node_bundler,
      includedFiles: toml.functions?.included_files ?? [],
      includedFilesBasePath: root,
      externalNodeModules: toml.functions?.external_node_modules ?? [],
      ignoredNodeModules: toml.functions?.ignored_node_modules ?? [],
    },
  };
}

export async function bundleReport(root = process.cwd()): Promise<Report[]> {
  const keep = process.argv.includes('--keep');
  const out = await mkdtemp(path.join(os.tmpdir(), 'function-bundles-'));
  if (keep) console.log(`bundles in ${out}`);
  try {
    const { directory, config } = await netlifySettings(root);
    if (!existsSync(directory)) throw new Error(`No ${directory}: run \`npm run build\` first.`);
    const results = await zipFunctions(directory, out, {
      archiveFormat: 'none',
      basePath: root,
      repositoryRoot: root,
      config: { '*': config },
    });
    const reports: Report[] = [];
    for (const result of results.sort((a, b) => a.name.localeCompare(b.name))) {
      const { bytes, files } = await walk(result.path);
      const main = files.find((f) => path.basename(f) === `${result.name}.mjs`);
      if (!main) throw new Error(`No bundled module for ${result.name} in ${result.path}`);
      reports.push({
        name: result.name,
        bytes,
        coldImportMs: coldImportMs(main),
        hasPglite: files.some((f) => f.includes(PGLITE)),
      });
    }
    const ssr = path.join(root, '.netlify', 'v1', 'functions', 'ssr');
    if (existsSync(ssr)) {
      const { bytes, files } = await walk(ssr);
      const entry = path.join(ssr, 'ssr.mjs');
      reports.push({
        name: 'ssr (Astro, from the last build)',
        bytes,
        coldImportMs: existsSync(entry) ? coldImportMs(entry) : NaN,
        hasPglite: files.some((f) => f.includes(PGLITE)),
      });
    }
    return reports;
  } finally {
    if (!keep) await rm(out, { recursive: true, force: true });
  }
}

export function budgetFailures(reports: Report[], { timing = false } = {}): string[] {
  const failures: string[] = [];
  for (const r of reports) {
    const isSsr = r.name.startsWith('ssr');
    if (!isSsr && r.bytes > BUDGET.maxBytes)
      failures.push(`${r.name}: ${mb(r.bytes)} unzipped (budget ${mb(BUDGET.maxBytes)})`);
    if (timing && !isSsr && r.coldImportMs > BUDGET.maxColdImportMs)
      failures.push(
        `${r.name}: cold import ${r.coldImportMs} ms (budget ${BUDGET.maxColdImportMs} ms)`,
      );
    if (r.hasPglite) failures.push(`${r.name}: ships PGlite, which production never uses`);
  }
  return failures;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const reports = await bundleReport();
  console.log('| function | unzipped | cold import | PGlite |');
  console.log('|---|---:|---:|---|');
  for (const r of reports) {
    console.log(
      `| ${r.name} | ${mb(r.bytes)} | ${r.coldImportMs} ms | ${r.hasPglite ? 'yes' : 'no'} |`,
    );
  }
  const failures = budgetFailures(reports, { timing: process.argv.includes('--timing') });
  if (process.argv.includes('--check') && failures.length) {
    console.error(`\nFunction budgets exceeded:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else if (process.argv.includes('--check')) {
    console.log('\nAll functions within budget.');
  }
}
