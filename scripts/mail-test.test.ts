import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript, SCRIPT_TIMEOUT as SLOW } from '../src/testing/script-runs';
import { startTestSmtp, type TestSmtp } from '../src/testing/smtp-peer';

let smtp: TestSmtp;
let cwd: string;
beforeAll(async () => {
  smtp = await startTestSmtp();
  // No .env of a developer's checkout is read: the run sees only the variables given here.
  cwd = await mkdtemp(path.join(tmpdir(), 'mail-test-'));
});
afterAll(() => smtp.close());

// Run from another folder, tsx finds the project's JSX settings only when told where they are.
const mailTest = (args: string[], env: NodeJS.ProcessEnv) =>
  runScript('scripts/mail-test.ts', args, {
    cwd,
    env: { ...env, TSX_TSCONFIG_PATH: path.resolve('tsconfig.json') },
  });
const FROM = 'NovaReach <hello@novareach.test>';

describe('npm run mail:test', () => {
  it(
    'sends one message through SMTP_URL from MAIL_FROM and prints the server answer',
    async () => {
      const run = await mailTest(['owner@agency.test'], { SMTP_URL: smtp.url, MAIL_FROM: FROM });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        `mail:test: 127.0.0.1:${smtp.port} accepted the message for owner@agency.test from ${FROM}.`,
      );
      expect(run.stdout).toMatch(/Server: 250/);
      const [received, ...more] = smtp.received;
      expect(more).toEqual([]);
      expect(received!.to).toEqual(['owner@agency.test']);
      expect(received!.from).toBe('hello@novareach.test');
      expect(received!.mail.subject).toMatch(/^Test e-mail from /);
      expect(received!.mail.text).toContain('npm run mail:test');
    },
    SLOW,
  );

  it(
    'says what is wrong: no address, no SMTP_URL, a refused message',
    async () => {
      expect((await mailTest([], { SMTP_URL: smtp.url })).code).toBe(2);
      const unset = await mailTest(['owner@agency.test'], {});
      expect(unset.code).toBe(1);
      expect(unset.stderr).toContain('SMTP_URL is not set');

      smtp.reject = { code: 550, message: 'Sender domain not verified' };
      try {
        const refused = await mailTest(['owner@agency.test'], { SMTP_URL: smtp.url });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('Sender domain not verified');
      } finally {
        smtp.reject = null;
      }
    },
    SLOW,
  );
});
