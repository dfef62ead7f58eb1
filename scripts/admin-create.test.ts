/**
 * `npm run admin:create` against a real Postgres wire server (the same PGlite emulation
 * `npm run dev` uses), run as a child process exactly as a person would run it.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript, SCRIPT_TIMEOUT as SLOW, useWireDatabase } from '../src/testing/script-runs';

const db = useWireDatabase();

function adminCreate(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string } = {},
) {
  return runScript('scripts/admin-create.ts', args, options);
}

async function storedHash(username: string): Promise<string | undefined> {
  const rows = await db.query<{ password: string }>(
    'select password from users where username = $1',
    [username],
  );
  return rows[0]?.password;
}

describe('npm run admin:create', () => {
  it(
    'migrates a fresh database and creates the user with an argon2id hash',
    async () => {
      const r = await adminCreate(
        ['--username', 'Alice', '--password', 'a long enough passphrase'],
        { env: { DATABASE_URL: db.url } },
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
        env: { DATABASE_URL: db.url },
        input: 'another long passphrase\n',
      });
      expect(r.stdout).toContain('Reset the password of admin user "alice"');
      expect(await storedHash('alice')).not.toBe(before);
    },
    SLOW,
  );

  it(
    'resets a lost factor only with a new password, ends the sessions and tells the team',
    async () => {
      const env = { DATABASE_URL: db.url, TEAM_EMAIL: 'team@agency.test' };
      await db.query(
        `insert into admin_factors (user_id, kind, label, totp_secret)
           select id, 'totp', 'Phone', 'sealed1.x' from users where username = 'alice'`,
      );
      await db.query(
        `insert into admin_sessions (token_hash, user_id, expires_at)
           select 'a-session', id, now() + interval '1 hour' from users where username = 'alice'`,
      );
      const count = async (table: string) =>
        (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
      const before = await storedHash('alice');

      // Before: the factors went and the password stayed, so whoever knew it enrolled first.
      const same = await adminCreate(['--reset-factors', '-u', 'alice', '--password-stdin'], {
        env,
        input: 'another long passphrase\n',
      });
      expect(same.code).toBe(1);
      expect(same.stderr).toContain('The new password must not be the old one.');
      const none = await adminCreate(['--reset-factors', '-u', 'alice'], { env });
      expect(none.code).toBe(1);
      expect(none.stderr).toContain('Password must be at least 12 characters long.');
      expect(await count('admin_factors')).toBe(1);
      expect(await storedHash('alice')).toBe(before);

      const r = await adminCreate(['--reset-factors', '-u', 'alice', '--password-stdin'], {
        env,
        input: 'a third long passphrase\n',
      });
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain('Removed 1 second factor(s) and the recovery codes of "alice"');
      expect(await storedHash('alice')).not.toBe(before);
      expect(await count('admin_factors')).toBe(0);
      expect(await count('admin_sessions')).toBe(0);
      const notices = await db.query<{ kind: string; to: string; text: string }>(
        `select kind, "to", text from email_outbox where kind like 'admin.%'`,
      );
      expect(notices).toEqual([
        expect.objectContaining({ kind: 'admin.factors-reset', to: 'team@agency.test' }),
      ]);
      expect(notices[0]!.text).toContain('alice');
      const log = await db.query<{ event: string }>(
        `select event from security_log where username = 'alice'`,
      );
      expect(log.map((e) => e.event)).toEqual(['admin.factors-reset']);
    },
    SLOW,
  );

  it(
    'refuses weak passwords and bad usernames without touching the database',
    async () => {
      const weak = await adminCreate(['-u', 'bob', '-p', 'short'], {
        env: { DATABASE_URL: db.url },
      });
      expect(weak.code).toBe(1);
      expect(weak.stderr).toContain('Password must be at least 12 characters long.');
      const bad = await adminCreate(['-u', 'x y', '-p', 'a long enough passphrase'], {
        env: { DATABASE_URL: db.url },
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
