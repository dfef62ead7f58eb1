// GET /api/admin/me is timed apart: the first API call is the one that loads the functions.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, deadline: number): Promise<Response> {
  for (;;) {
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return response;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within the deadline`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function once(): Promise<{ page: number; api: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npx', ['astro', 'dev', '--port', String(port)], {
    stdio: 'ignore',
    detached: true,
  });
  try {
    const deadline = Date.now() + 300_000;
    await waitFor(`http://localhost:${port}/`, deadline);
    const page = performance.now() - started;
    const apiStarted = performance.now();
    await waitFor(`http://localhost:${port}/api/admin/me`, deadline);
    return { page: page / 1000, api: (performance.now() - apiStarted) / 1000 };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

const results: { page: number; api: number }[] = [];
for (let i = 1; i <= runs; i++) {
  const r = await once();
  results.push(r);
  console.log(
    `run ${i}: first page ${r.page.toFixed(1)} s, then first API answer ${r.api.toFixed(1)} s`,
  );
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `median: first page ${median(results.map((r) => r.page)).toFixed(1)} s, first API answer ${median(results.map((r) => r.api)).toFixed(1)} s`,
);
