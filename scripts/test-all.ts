import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export type Step = { name: string; command: string; env?: Record<string, string> };
/** Steps in one stage run side by side: none of them uses more than one core for long. */
export type Stage = Step[];

const format: Step = {
  name: 'format',
  command: 'prettier --check --cache --cache-location .cache/prettier .',
};
const lint: Step = { name: 'lint', command: 'eslint --cache --cache-location .cache/eslint/ .' };

// `astro sync` writes the `astro:*` module types tsc reads; a fresh clone has none.
export const QUICK: Stage[] = [
  [format, lint, { name: 'types (tsc)', command: 'astro sync && tsc --noEmit -p .' }],
  // The full run sends 200 random requests per function; the inner loop the minimum of 100.
  [{ name: 'unit', command: 'vitest run', env: { FUZZ_RUNS: '100' } }],
];

const devPass: Step = {
  name: 'e2e:dev',
  command:
    'playwright test --grep @dev e2e/cart.spec.ts e2e/checkout.spec.ts e2e/contact.spec.ts e2e/keystatic.spec.ts',
  env: { E2E_SERVER: 'dev' },
};

// Side by side where each step leaves a core mostly idle (the Postgres files and the process tests
// wait on their servers and children, the Netlify hosts trace on one core, the dev pass runs one
// browser); the unit step and the e2e run fill both cores alone.
export const FULL: Stage[] = [
  [format, lint, { name: 'types (astro check)', command: 'astro check' }],
  [{ name: 'unit', command: 'vitest run' }],
  // Before the build: `netlify dev` routes /api/* to a built SSR function it finds in .netlify/v1.
  [
    { name: 'pg', command: 'vitest run --config vitest.pg.config.ts' },
    { name: 'integration', command: 'vitest run --config vitest.integration.config.ts' },
    { name: 'check:netlify-hosts', command: 'tsx scripts/local-netlify/netlify-hosts.ts' },
  ],
  [{ name: 'build (netlify build)', command: 'netlify build --offline --context deploy-preview' }],
  [
    { name: 'check:netlify', command: 'tsx scripts/local-netlify/conformance.ts' },
    { name: 'check:functions', command: 'tsx scripts/function-bundles.ts --check' },
    devPass,
  ],
  // After the dev server ran: every later step reads the build it must not have touched.
  [{ name: 'check:build-beside-dev', command: 'node scripts/check-build-beside-dev.ts' }],
  // The prerender check mostly rests the pointer on links: the budget's page loads fit beside it.
  [
    { name: 'check:js-budget', command: 'node scripts/check-js-budget.ts' },
    { name: 'check:prerender', command: 'node scripts/bench-prerender.ts --check' },
  ],
  [{ name: 'e2e', command: 'playwright test' }],
];

type Result = { name: string; seconds: number; code: number };

function run(step: Step, prefixed: boolean): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      env: { ...process.env, REUSE_BUILD: '1', ...step.env },
      stdio: ['ignore', prefixed ? 'pipe' : 'inherit', prefixed ? 'pipe' : 'inherit'],
    });
    if (prefixed) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const) {
        let rest = '';
        stream!.on('data', (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) out.write(`[${step.name}] ${line}\n`);
        });
        stream!.on('end', () => rest && out.write(`[${step.name}] ${rest}\n`));
      }
    }
    child.on('close', (code) =>
      resolve({ name: step.name, seconds: (performance.now() - started) / 1000, code: code ?? 1 }),
    );
  });
}

export function summary(results: Result[], totalSeconds: number): string {
  const clock = (seconds: number) => {
    const s = Math.round(seconds);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  };
  const width = Math.max(...results.map((r) => r.name.length), 5);
  const lines = results.map(
    (r) => `${r.name.padEnd(width)}  ${clock(r.seconds).padStart(6)}  ${r.code ? 'FAILED' : 'ok'}`,
  );
  return [...lines, `${'total'.padEnd(width)}  ${clock(totalSeconds).padStart(6)}`].join('\n');
}

async function main(): Promise<void> {
  const stages = process.argv.includes('--quick') ? QUICK : FULL;
  const started = performance.now();
  const results: Result[] = [];
  for (const stage of stages) {
    console.log(`\n== ${stage.map((s) => s.name).join(' + ')}`);
    const done = await Promise.all(stage.map((step) => run(step, stage.length > 1)));
    results.push(...done);
    if (done.some((r) => r.code !== 0)) break;
  }
  console.log(`\nStep times (wall):\n${summary(results, (performance.now() - started) / 1000)}`);
  const ran = results.length === stages.flat().length;
  process.exitCode = ran && results.every((r) => r.code === 0) ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
