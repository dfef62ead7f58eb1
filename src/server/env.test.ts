import { describe, expect, it } from 'vitest';
import { isProductionDeploy, localRun, readEnv } from './env.ts';

/** A process that is no local run: no Vitest, no marker (the second argument of readEnv). */
const PLAIN_PROCESS = { PATH: '/usr/bin', HOME: '/home/app' };
const SECRET_32 = 'x'.repeat(32);
const PRODUCTION_KEYS = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('readEnv: SESSION_SECRET', () => {
  it('refuses a deploy preview without SESSION_SECRET, naming the variable', () => {
    expect(() => readEnv({ CONTEXT: 'deploy-preview', NETLIFY: 'true' }, PLAIN_PROCESS)).toThrow(
      /SESSION_SECRET/,
    );
    // Even inside this Vitest process: a Netlify deploy never gets the development secret.
    expect(() => readEnv({ CONTEXT: 'deploy-preview' })).toThrow(/SESSION_SECRET/);
    expect(() => readEnv({ CONTEXT: 'branch-deploy' })).toThrow(/SESSION_SECRET/);
  });

  it('refuses NODE_ENV=production without NETLIFY', () => {
    const env = { NODE_ENV: 'production' };
    expect(isProductionDeploy(env)).toBe(false);
    expect(() => readEnv(env, PLAIN_PROCESS)).toThrow(/SESSION_SECRET/);
  });

  it('refuses a plain process without the local-run marker', () => {
    expect(() => readEnv({}, {})).toThrow(/SESSION_SECRET is required outside a local run/);
    expect(() => readEnv(PLAIN_PROCESS, PLAIN_PROCESS)).toThrow(/SESSION_SECRET/);
    expect(() => readEnv({ NOVAREACH_LOCAL_RUN: 'yes' }, PLAIN_PROCESS)).toThrow(/SESSION_SECRET/);
  });

  it('falls back to the development secret under astro dev and npm run preview', () => {
    for (const marker of ['astro-dev', 'preview']) {
      expect(localRun({ NOVAREACH_LOCAL_RUN: marker })).toBe(marker);
      const { sessionSecret } = readEnv({ NOVAREACH_LOCAL_RUN: marker }, PLAIN_PROCESS);
      expect(sessionSecret).toMatch(/^local-development/);
      // The marker set on the process (astro.config.mjs, scripts/serve.ts) counts as well.
      expect(readEnv({}, { NOVAREACH_LOCAL_RUN: marker }).sessionSecret).toBe(sessionSecret);
    }
  });

  it('falls back to the development secret under Vitest', () => {
    expect(localRun({ VITEST: 'true' })).toBe('vitest');
    expect(readEnv({ VITEST: 'true' }, PLAIN_PROCESS).sessionSecret).toMatch(/^local-development/);
    // The default: this very process is Vitest, so a bare env object in a test keeps working.
    expect(readEnv({}).sessionSecret).toMatch(/^local-development/);
  });

  it('ignores the marker on Netlify', () => {
    for (const netlify of [
      { NETLIFY: 'true' },
      { CONTEXT: 'dev' },
      { CONTEXT: 'deploy-preview' },
    ]) {
      const env = { ...netlify, NOVAREACH_LOCAL_RUN: 'astro-dev', VITEST: 'true' };
      expect(localRun(env)).toBeUndefined();
      expect(() => readEnv(env, PLAIN_PROCESS)).toThrow(/SESSION_SECRET/);
      // Netlify in the process environment rules the fallback out too.
      expect(() => readEnv({ NOVAREACH_LOCAL_RUN: 'astro-dev' }, netlify)).toThrow(
        /SESSION_SECRET/,
      );
    }
  });

  it('refuses secrets shorter than 32 UTF-8 bytes in every mode and accepts 32', () => {
    const short = 'x'.repeat(31);
    for (const env of [
      {},
      { NOVAREACH_LOCAL_RUN: 'astro-dev' },
      { VITEST: 'true' },
      { CONTEXT: 'deploy-preview' },
    ]) {
      expect(() => readEnv({ ...env, SESSION_SECRET: short }, PLAIN_PROCESS)).toThrow(
        /SESSION_SECRET is too short \(31 bytes\)/,
      );
      expect(readEnv({ ...env, SESSION_SECRET: SECRET_32 }, PLAIN_PROCESS).sessionSecret).toBe(
        SECRET_32,
      );
    }
    // Bytes, not characters: 16 two-byte characters are 32 bytes, 15 plus a letter are 31.
    expect(readEnv({ SESSION_SECRET: 'é'.repeat(16) }, PLAIN_PROCESS).sessionSecret).toBe(
      'é'.repeat(16),
    );
    expect(() => readEnv({ SESSION_SECRET: `${'é'.repeat(15)}x` }, PLAIN_PROCESS)).toThrow(
      /31 bytes/,
    );
  });

  it('uses a configured secret on deploys, and production still requires its keys', () => {
    const preview = readEnv(
      { CONTEXT: 'deploy-preview', SESSION_SECRET: SECRET_32 },
      PLAIN_PROCESS,
    );
    expect(preview.sessionSecret).toBe(SECRET_32);
    expect(preview.production).toBe(false);

    const production = readEnv({
      CONTEXT: 'production',
      ...PRODUCTION_KEYS,
      SESSION_SECRET: SECRET_32,
    });
    expect(production.production).toBe(true);
    expect(production.simulatedPayments).toBe(false);

    expect(() => readEnv({ CONTEXT: 'production', SESSION_SECRET: SECRET_32 })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => readEnv({ NODE_ENV: 'production', NETLIFY: 'true', ...PRODUCTION_KEYS })).toThrow(
      /in production: SESSION_SECRET/,
    );
  });
});
