// `netlify dev` traces every function it serves before its first answer, on one core, about 2.5 s
// each, so it serves the purchase's functions from source unless `--all-functions` asks for all.
// Their edge runtime downloads a Deno unless it accepts one on PATH, which fails offline: the
// `deno` devDependency goes first on their PATH.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm, symlink } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, PROJECT_ROOT } from './host-harness.ts';
import { buyWithSimulatedPayment, PURCHASE_FUNCTIONS } from './purchase-transcript.ts';

const READY_WITHIN_MS = 10 * 60_000;
const NETLIFY = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'netlify');
const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
const PATH_WITH_DENO = [path.join(PROJECT_ROOT, 'node_modules', '.bin'), process.env.PATH]
  .filter(Boolean)
  .join(path.delimiter);

const { values: options } = parseArgs({ options: { 'all-functions': { type: 'boolean' } } });
const SOURCE_FUNCTIONS = path.join(PROJECT_ROOT, 'netlify', 'functions');
const PURCHASE_ONLY = path.join(PROJECT_ROOT, '.netlify', 'host-check-functions');
// The first function call waits for Netlify to build the functions: this one answers 200 at once.
const FIRST_FUNCTION = { name: 'admin-me', path: '/api/admin/me' };

/** A folder of links to the purchase's function sources (esbuild and nft follow them home). */
async function purchaseFunctions(): Promise<string> {
  await rm(PURCHASE_ONLY, { recursive: true, force: true });
  await mkdir(PURCHASE_ONLY, { recursive: true });
  for (const name of [...PURCHASE_FUNCTIONS, FIRST_FUNCTION.name]) {
    await symlink(
      path.join(SOURCE_FUNCTIONS, `${name}.mts`),
      path.join(PURCHASE_ONLY, `${name}.mts`),
    );
  }
  return PURCHASE_ONLY;
}

type Host = { name: string; command: string; args: (port: number) => Promise<string[]> };

const HOSTS: Host[] = [
  {
    name: options['all-functions'] ? 'netlify dev' : "netlify dev (the purchase's functions)",
    command: NETLIFY,
    args: async (port) => [
      'dev',
      '--offline',
      '--port',
      `${port}`,
      '--functions',
      options['all-functions'] ? SOURCE_FUNCTIONS : await purchaseFunctions(),
    ],
  },
  {
    name: 'netlify serve --context deploy-preview (npm run serve:netlify)',
    command: TSX,
    args: async (port) => ['scripts/local-netlify/netlify-serve.ts', '--port', `${port}`],
  },
];

// Through node:http rather than fetch: a connection `netlify serve` drops mid-answer while it
// starts crashed undici with an internal assertion (uncaught, not a rejected fetch).
function statusOf(url: string, timeoutMs: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
      response.on('error', () => resolve(undefined));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

/** Polls until `url` answers 200; each request may wait minutes (functions still building). */
async function answered(url: string, child: ChildProcess, deadline: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the host exited (${child.exitCode})`);
    if ((await statusOf(url, 240_000)) === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in time`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  const kill = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
  return exited.finally(() => clearTimeout(kill));
}

type StartTimes = { firstPage: number; firstFunction: number };

async function check(host: Host): Promise<StartTimes> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  console.log(`\n== ${host.name} (${origin})`);
  const started = Date.now();
  const output: string[] = [];
  const child = spawn(host.command, await host.args(port), {
    cwd: PROJECT_ROOT,
    detached: true,
    env: { ...process.env, PATH: PATH_WITH_DENO, BROWSER: 'none', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Whatever happens to this process, the host and its children go with it.
  const orphanGuard = () =>
    child.pid && child.exitCode === null && process.kill(-child.pid, 'SIGKILL');
  process.once('exit', orphanGuard);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  }
  try {
    await answered(`${origin}/`, child, started + READY_WITHIN_MS);
    const firstPage = (Date.now() - started) / 1000;
    console.log(`first page after ${firstPage.toFixed(0)} s`);
    await answered(`${origin}${FIRST_FUNCTION.path}`, child, started + READY_WITHIN_MS);
    const firstFunction = (Date.now() - started) / 1000;
    console.log(`first function answer after ${firstFunction.toFixed(0)} s`);
    await buyWithSimulatedPayment(origin, (line) => console.log(line));
    return { firstPage, firstFunction };
  } catch (error) {
    console.error(output.join('').slice(-4_000));
    throw new Error(`${host.name}: ${(error as Error).message}`);
  } finally {
    await stop(child);
    process.off('exit', orphanGuard);
    await rm(PURCHASE_ONLY, { recursive: true, force: true });
  }
}

const startTimes: string[] = [];
for (const host of HOSTS) {
  const { firstPage, firstFunction } = await check(host);
  startTimes.push(
    `  ${host.name}: first page ${firstPage.toFixed(0)} s, first function ${firstFunction.toFixed(0)} s`,
  );
}
console.log('\nBoth of Netlify’s hosts completed a simulated purchase. Start times:');
for (const line of startTimes) console.log(line);
