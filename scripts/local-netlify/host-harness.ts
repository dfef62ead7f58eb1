// The host serves a small site root of its own (one static page, the real functions), so the
// tests need no `npm run build` and run with the unit tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAlive } from './build-snapshot.ts';
import { FATAL_MARKER } from './function-host.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

export const STATIC_PAGE_MARKER = 'static page served without the database';

/** A port nobody listens on right now (the kernel's pick, far from 4500/5500). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type SiteRoot = { dir: string; remove: () => Promise<void> };

export async function makeSiteRoot(): Promise<SiteRoot> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'serve-site-'));
  await mkdir(path.join(dir, 'dist'));
  await writeFile(
    path.join(dir, 'dist', 'index.html'),
    `<!doctype html><html lang="en"><title>Home</title><h1>${STATIC_PAGE_MARKER}</h1></html>\n`,
  );
  for (const name of ['netlify', 'src', 'netlify.toml']) {
    await symlink(path.join(PROJECT_ROOT, name), path.join(dir, name));
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export type Host = {
  origin: string;
  pid: number;
  alive: () => boolean;
  exitCode: () => number | null;
  output: () => string;
  /** SIGTERM (serve.ts then closes the database cleanly), SIGKILL after 15 s. Idempotent. */
  stop: () => Promise<void>;
};

/** Variables of the test process that would point the host elsewhere or change its mode. */
const INHERITED_OUT = [
  'DATABASE_URL',
  'NETLIFY_DB_URL',
  'NETLIFY_DB_DRIVER',
  'PGLITE_DIR',
  'NETLIFY_BLOBS_CONTEXT',
  'SMTP_URL',
  'URL',
  'SITE_URL',
  'PORT',
];

/** Resolves once GET / answers 200; rejects with the output if the host exits or takes too long. */
export async function startHost(options: {
  root: string;
  port: number;
  args?: string[];
  env?: Record<string, string>;
  nodeArgs?: string[];
  timeoutMs?: number;
}): Promise<Host> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_OUT) delete env[name];
  // A preview, not a Vitest run (the host must not take the test process's shortcuts).
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  if (env.NODE_ENV === 'test') delete env.NODE_ENV;
  Object.assign(env, options.env);

  const args = ['--root', options.root, '--port', String(options.port), '--host', '127.0.0.1'];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      ...(options.nodeArgs ?? []),
      'scripts/local-netlify/serve.ts',
      ...args,
      ...(options.args ?? []),
    ],
    { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let stopping: Promise<void> | undefined;
  const host: Host = {
    origin: `http://127.0.0.1:${options.port}`,
    pid: child.pid!,
    alive: () => child.exitCode === null && child.signalCode === null && isAlive(child.pid!),
    exitCode: () => child.exitCode,
    output: () => output,
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(killed);
        }
        // A host that crashed or was killed could not remove its blobs folder.
        const blobs = /blobs: local store in (\S+)/.exec(output)?.[1];
        if (blobs?.startsWith(path.join(os.tmpdir(), 'serve-blobs-'))) {
          await rm(blobs, { recursive: true, force: true });
        }
      })()),
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (!host.alive()) {
      throw new Error(
        `serve.ts exited (${child.exitCode ?? child.signalCode}) while starting:\n${output}`,
      );
    }
    const res = await request(`${host.origin}/`, {}, 2_000);
    if (res.status === 200) return host;
    await sleep(250);
  }
  await host.stop();
  throw new Error(
    `serve.ts did not answer GET / within ${options.timeoutMs ?? 60_000} ms:\n${output}`,
  );
}

/** Uncaught errors in the host's output: a test fails on them, not only on a dead process. */
export function fatalErrors(host: Host): string[] {
  return host
    .output()
    .split('\n')
    .filter((line) => line.startsWith(FATAL_MARKER));
}

/** node-postgres, or given a neon-local-proxy port Neon's serverless driver, as deployed. */
export function databaseHost(
  url: string,
  neonProxyPort?: number,
): { env: Record<string, string>; nodeArgs?: string[] } {
  if (neonProxyPort === undefined) return { env: { DATABASE_URL: url } };
  return {
    env: {
      NETLIFY_DB_URL: url,
      NETLIFY_DB_DRIVER: 'serverless',
      NEON_LOCAL_PROXY_PORT: String(neonProxyPort),
    },
    nodeArgs: ['--import', './src/testing/neon-local-preload.ts'],
  };
}

export type Answer = {
  /** 0 when there was no answer (refused, reset, or timed out; see `error`). */
  status: number;
  headers: Headers;
  text: string;
  ms: number;
  error?: string;
};

/** fetch() that never throws and never waits longer than `timeoutMs` for the whole answer. */
export async function request(
  url: string,
  init: RequestInit = {},
  timeoutMs = 5_000,
): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, ms: elapsed(started) };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    return {
      status: 0,
      headers: new Headers(),
      text: '',
      ms: elapsed(started),
      error:
        e.name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : (e.cause?.code ?? e.message),
    };
  }
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class Timeline {
  readonly #started = performance.now();
  readonly events: { ms: number; event: string }[] = [];

  mark(event: string): number {
    const ms = elapsed(this.#started);
    this.events.push({ ms, event });
    return ms;
  }

  format(title: string): string {
    const width = Math.max(...this.events.map((e) => String(e.ms).length), 2);
    return [
      `${title} (ms since start)`,
      ...this.events.map((e) => `  ${String(e.ms).padStart(width)}  ${e.event}`),
    ].join('\n');
  }
}
