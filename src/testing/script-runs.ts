/**
 * The operator scripts as a person runs them, for the script tests: a child process started
 * through tsx, against a real Postgres wire server (the same PGlite emulation `npm run dev` uses).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { NetlifyDB } from '@netlify/database-dev';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/tsx/dist/cli.mjs');

/** Each case starts tsx in a child process, which takes seconds on a busy machine. */
export const SCRIPT_TIMEOUT = 120_000;

export type ScriptRun = { code: number; stdout: string; stderr: string };

/**
 * Runs `script` (a path from the project root) with `args`, only PATH and HOME of this process's
 * environment plus `env`, `input` on its standard input; answers its exit code and output.
 */
export function runScript(
  script: string,
  args: string[],
  {
    env = {},
    cwd = process.cwd(),
    input = '',
  }: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string } = {},
): Promise<ScriptRun> {
  const child = run(process.execPath, [TSX, path.resolve(script), ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    timeout: 60_000,
  });
  child.child.stdin?.end(input);
  return child.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );
}

/**
 * For a whole test file: a Postgres wire server started before its tests and stopped after
 * them. `url` is its address once started; `query` answers the rows of one statement.
 */
export function useWireDatabase(): {
  readonly url: string;
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
} {
  let server: NetlifyDB;
  let url = '';
  beforeAll(async () => {
    server = new NetlifyDB({ logger: () => undefined });
    url = await server.start();
  });
  afterAll(() => server.stop());
  return {
    get url() {
      return url;
    },
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({
        connectionString: url.replace('postgres://', 'postgres://postgres@'),
      });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
  };
}
