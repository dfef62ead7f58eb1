// A time, so a benchmark to run on a quiet machine, not a test.
import { performance } from 'node:perf_hooks';
import { readJson, unstorableTextAt } from '../src/server/request-body.ts';
import { inspectImage } from '../src/server/uploads/image-check.ts';
import { deflatedZeros, png } from '../src/testing/png-files.ts';

const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

const deepBody = nested(30_000);
const deepValue = JSON.parse(nested(30_000, '"\\u0000"')) as unknown;
const headerBomb = png(8192, 8192, new Uint8Array(0), await deflatedZeros(8192 * (1 + 8192 * 8)), {
  depth: 16,
  color: 6,
});
const lyingPng = png(2048, 2048, new Uint8Array(0), await deflatedZeros(64 * 1024 * 1024));

const cases: { name: string; budgetMs: number; run: () => Promise<unknown> }[] = [
  {
    name: 'JSON body nested 30,000 deep (400)',
    budgetMs: 1_000,
    run: () =>
      readJson(new Request('http://localhost/', { method: 'POST', body: deepBody })).catch(
        () => null,
      ),
  },
  {
    name: 'text rule over 30,000 levels',
    budgetMs: 1_000,
    run: async () => unstorableTextAt(deepValue),
  },
  { name: 'PNG bomb refused by its header', budgetMs: 100, run: () => inspectImage(headerBomb) },
  { name: 'PNG inflating past its header', budgetMs: 1_000, run: () => inspectImage(lyingPng) },
];

let over = false;
for (const c of cases) {
  const ms = await median(c.run);
  over ||= ms > c.budgetMs;
  console.log(`${c.name.padEnd(36)} ${ms.toFixed(1).padStart(8)} ms  (budget ${c.budgetMs} ms)`);
}
process.exitCode = over ? 1 : 0;
