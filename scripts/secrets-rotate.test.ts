/**
 * `npm run secrets:rotate` against a real Postgres wire server, run as a child process exactly
 * as an operator runs it. What each part of the rotation does: src/server/secret-rotation.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { derivedKeys } from '../src/server/key-ring';
import { openSecret, sealSecret } from '../src/server/mail/sealed';
import { runScript, SCRIPT_TIMEOUT as SLOW, useWireDatabase } from '../src/testing/script-runs';

const db = useWireDatabase();
const A = 'the-old-session-secret-'.padEnd(48, 'a');
const B = 'the-new-session-secret-'.padEnd(48, 'b');
const APP_SECRET = 'JBSWY3DPEHPK3PXP';
const appKeys = (secret: string) => derivedKeys('admin-factors', 'totp secrets v1', [secret]);

function rotate(env: NodeJS.ProcessEnv) {
  return runScript('scripts/secrets-rotate.ts', [], { env: { DATABASE_URL: db.url, ...env } });
}

async function storedAppSecret(): Promise<string> {
  const [row] = await db.query<{ totp_secret: string }>('select totp_secret from admin_factors');
  return row!.totp_secret;
}

describe('npm run secrets:rotate', () => {
  it(
    'refuses to run without SESSION_SECRET, naming what to set',
    async () => {
      const r = await rotate({});
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'Set SESSION_SECRET to the new secret and SESSION_SECRET_PREVIOUS',
      );
    },
    SLOW,
  );

  it(
    'seals what the previous secret sealed under the new one, reports counts, and changes nothing the second time',
    async () => {
      // A first run migrates the fresh database; then an app enrolled under A.
      expect((await rotate({ SESSION_SECRET: A })).code).toBe(0);
      await db.query("insert into users (username, password) values ('alice', 'x')");
      await db.query(
        `insert into admin_factors (user_id, kind, label, totp_secret)
           select id, 'totp', 'Phone', $1 from users where username = 'alice'`,
        [sealSecret(APP_SECRET, appKeys(A))],
      );

      const first = await rotate({ SESSION_SECRET: B, SESSION_SECRET_PREVIOUS: A });
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('Sealed again under SESSION_SECRET in DATABASE_URL:');
      expect(first.stdout).toContain('Authenticator apps: 1 sealed again');
      expect(first.stdout).toContain('SESSION_SECRET_PREVIOUS can be removed');
      expect(openSecret(await storedAppSecret(), { key: appKeys(B) })).toBe(APP_SECRET);

      const again = await rotate({ SESSION_SECRET: B, SESSION_SECRET_PREVIOUS: A });
      expect(again.stdout).toContain('Authenticator apps: 0 sealed again');
      expect(again.stdout).toContain('E-mails not sent yet: 0 sealed again');
    },
    SLOW,
  );

  it(
    'says what neither secret opens and exits 2, leaving it as it is',
    async () => {
      const before = await storedAppSecret();
      const r = await rotate({ SESSION_SECRET: 'a-third-secret-'.padEnd(48, 'c') });
      expect(r.code).toBe(2);
      expect(r.stdout).toContain(
        'Authenticator apps: 0 sealed again, 1 sealed with neither secret',
      );
      expect(r.stdout).toContain('keep SESSION_SECRET_PREVIOUS');
      expect(await storedAppSecret()).toBe(before);
    },
    SLOW,
  );
});
