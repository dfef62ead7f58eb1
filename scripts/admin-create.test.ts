/**
 * `npm run admin:create` against a real Postgres wire server (the same PGlite emulation
 * `npm run dev` uses), run as a child process exactly as a person would run it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { NetlifyDB } from '@netlify/database-dev';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
// Each case starts tsx in a child process, which takes seconds on a busy machine.
const SLOW = 120_000;
const TSX = path.resolve('node_modules/tsx/dist/cli.mjs');
const SCRIPT = path.resolve('scripts/admin-create.ts');

let server: NetlifyDB;
let url: string;

beforeAll(async () => {
  server = new NetlifyDB({ logger: () => undefined });
  url = await server.start();
});
afterAll(() => server.stop());

function adminCreate(
  args: string[],
  {
    env = {},
    cwd = process.cwd(),
    input,
  }: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string } = {},
) {
  const child = run(process.execPath, [TSX, SCRIPT, ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    timeout: 60_000,
  });
  child.child.stdin?.end(input ?? '');
  return child.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );
}

async function storedHash(username: string): Promise<string | undefined> {
  const client = new pg.Client({
    connectionString: url.replace('postgres://', 'postgres://postgres@'),
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ password: string }>(
      'select password from users where username = $1',
      [username],
    );
    return rows[0]?.password;
  } finally {
    await client.end();
  }
}

describe('npm run admin:create', () => {
  it(
    'migrates a fresh database and creates the user with an argon2id hash',
    async () => {
      const r = await adminCreate(
        ['--username', 'Alice', '--password', 'a long enough passphrase'],
        { env: { DATABASE_URL: url } },
      );
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain('Created admin user "alice" in DATABASE_URL');
      const hash = await storedHash('alice');
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(hash).not.toContain('a long enough passphrase');
    },
    SLOW,
  );

  it(
    'resets the password of an existing user (piped input)',
    async () => {
      const before = await storedHash('alice');
      const r = await adminCreate(['--password-stdin', '-u', 'alice'], {
        env: { DATABASE_URL: url },
        input: 'another long passphrase\n',
      });
      expect(r.stdout).toContain('Reset the password of admin user "alice"');
      expect(await storedHash('alice')).not.toBe(before);
    },
    SLOW,
  );

  it(
    'refuses weak passwords and bad usernames without touching the database',
    async () => {
      const weak = await adminCreate(['-u', 'bob', '-p', 'short'], { env: { DATABASE_URL: url } });
      expect(weak.code).toBe(1);
      expect(weak.stderr).toContain('Password must be at least 12 characters long.');
      const bad = await adminCreate(['-u', 'x y', '-p', 'a long enough passphrase'], {
        env: { DATABASE_URL: url },
      });
      expect(bad.stderr).toContain('Username may contain only');
      expect(await storedHash('bob')).toBeUndefined();
    },
    SLOW,
  );

  it(
    'refuses to run without a database instead of using a throwaway one',
    async () => {
      const empty = await mkdtemp(path.join(tmpdir(), 'admin-create-'));
      const r = await adminCreate(['-u', 'carol', '-p', 'a long enough passphrase'], {
        cwd: empty,
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('No database to work on.');
    },
    SLOW,
  );
});
