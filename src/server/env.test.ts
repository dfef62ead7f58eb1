import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { afterEach, describe, expect, it } from 'vitest';
import { platformDeployContext } from './deploy-context.ts';
import {
  ConfigurationError,
  isProductionDeploy,
  localRun,
  readEnv,
  onThisMachine,
  simulatedPaymentsEnabled,
} from './env.ts';

/** A process that is no local run: no Vitest, no marker (the second argument of readEnv). */
const PLAIN_PROCESS = { PATH: '/usr/bin', HOME: '/home/app' };
const SECRET_32 = 'x'.repeat(32);
const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
/** What Netlify gives a function at runtime besides the variables scoped to Functions. */
const RUNTIME = { URL: 'https://shop.example', SITE_ID: 'site-1', SITE_NAME: 'shop' };
const DEPLOYED = ['production', 'deploy-preview', 'branch-deploy', 'staging'];

type NetlifyToml = { context: { dev: { environment: Record<string, string> } } };

function missingOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigurationError) return error.missing;
    throw error;
  }
  return [];
}

describe('the deploy context comes from the platform', () => {
  const g = globalThis as { Netlify?: unknown };
  afterEach(() => {
    delete g.Netlify;
  });

  it('reads Netlify.context.deploy.context, and nothing outside an invocation', () => {
    expect(platformDeployContext()).toBeUndefined();
    g.Netlify = { env: {}, context: null };
    expect(platformDeployContext()).toBeUndefined();
    g.Netlify = { env: {}, context: { deploy: { context: 'deploy-preview' } } };
    expect(platformDeployContext()).toBe('deploy-preview');
    // The default of every reader: this Vitest process inside a deploy preview is no local run.
    expect(localRun()).toBeUndefined();
    expect(missingOf(() => readEnv({ ...RUNTIME }))).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SESSION_SECRET',
    ]);
  });

  it('never takes CONTEXT, NETLIFY or NODE_ENV as a sign of a local run', () => {
    for (const env of [
      { CONTEXT: 'production' },
      { CONTEXT: 'deploy-preview' },
      { NETLIFY: 'true' },
    ]) {
      expect(
        localRun({ ...env, NOVAREACH_LOCAL_RUN: 'astro-dev', VITEST: 'true' }, undefined),
      ).toBe(undefined);
    }
    expect(localRun({ NODE_ENV: 'production' }, undefined)).toBeUndefined();
  });
});

describe('readEnv: a deployed invocation fails closed', () => {
  it('requires the Stripe keys and SESSION_SECRET in every deployed context, naming them', () => {
    for (const context of DEPLOYED) {
      expect(missingOf(() => readEnv({ ...RUNTIME }, PLAIN_PROCESS, context))).toEqual([
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'SESSION_SECRET',
      ]);
      // Inside this Vitest process (VITEST is set) and with the local marker: still a deploy.
      const marked = { ...RUNTIME, NOVAREACH_LOCAL_RUN: 'preview', VITEST: 'true' };
      expect(missingOf(() => readEnv(marked, marked, context))).toContain('SESSION_SECRET');
      expect(
        missingOf(() => readEnv({ ...RUNTIME, ...STRIPE_KEYS }, PLAIN_PROCESS, context)),
      ).toEqual(['SESSION_SECRET']);
      const configured = readEnv(
        { ...RUNTIME, ...STRIPE_KEYS, SESSION_SECRET: SECRET_32 },
        PLAIN_PROCESS,
        context,
      );
      expect(configured.sessionSecret).toBe(SECRET_32);
      expect(configured.simulatedPayments).toBe(false);
      expect(configured.production).toBe(context === 'production');
      expect(configured.siteUrl).toBe('https://shop.example');
    }
  });

  it('gives the error a message naming the variable and never its value', () => {
    let error: Error | undefined;
    try {
      readEnv({ STRIPE_SECRET_KEY: 'sk_live_secret' }, PLAIN_PROCESS, 'production');
    } catch (e) {
      error = e as Error;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error?.message).toMatch(/STRIPE_WEBHOOK_SECRET, SESSION_SECRET/);
    expect(error?.message).not.toContain('sk_live_secret');
  });

  it('refuses a plain process (no platform, no marker, no Vitest) without SESSION_SECRET', () => {
    expect(missingOf(() => readEnv({ SIMULATED_PAYMENTS: '1' }, {}, undefined))).toEqual([
      'SESSION_SECRET',
    ]);
    expect(
      missingOf(() => readEnv({ NOVAREACH_LOCAL_RUN: 'yes' }, PLAIN_PROCESS, undefined)),
    ).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SESSION_SECRET']);
    expect(
      missingOf(() => readEnv({ NODE_ENV: 'production' }, PLAIN_PROCESS, undefined)),
    ).toContain('SESSION_SECRET');
  });

  it('refuses secrets shorter than 32 UTF-8 bytes in every mode and accepts 32', () => {
    const short = 'x'.repeat(31);
    for (const [env, context] of [
      [{}, undefined],
      [{ NOVAREACH_LOCAL_RUN: 'astro-dev' }, undefined],
      [{ VITEST: 'true' }, undefined],
      [{ ...STRIPE_KEYS }, 'deploy-preview'],
    ] as const) {
      expect(() =>
        readEnv({ ...env, SIMULATED_PAYMENTS: '1', SESSION_SECRET: short }, PLAIN_PROCESS, context),
      ).toThrow(/SESSION_SECRET is too short \(31 bytes\)/);
      expect(
        readEnv(
          { ...env, SIMULATED_PAYMENTS: '1', SESSION_SECRET: SECRET_32 },
          PLAIN_PROCESS,
          context,
        ).sessionSecret,
      ).toBe(SECRET_32);
    }
    // Bytes, not characters: 16 two-byte characters are 32 bytes, 15 plus a letter are 31.
    const local = { NOVAREACH_LOCAL_RUN: 'preview' };
    expect(readEnv({ ...local, SESSION_SECRET: 'é'.repeat(16) }, PLAIN_PROCESS).sessionSecret).toBe(
      'é'.repeat(16),
    );
    expect(() =>
      readEnv({ ...local, SESSION_SECRET: `${'é'.repeat(15)}x` }, PLAIN_PROCESS),
    ).toThrow(/31 bytes/);
  });

  it('takes SESSION_SECRET_PREVIOUS when set, refuses it short like SESSION_SECRET, ignores a copy of it', () => {
    const local = { NOVAREACH_LOCAL_RUN: 'preview', SESSION_SECRET: SECRET_32 };
    const older = 'y'.repeat(32);
    expect(readEnv(local, PLAIN_PROCESS).sessionSecretPrevious).toBeUndefined();
    expect(
      readEnv({ ...local, SESSION_SECRET_PREVIOUS: older }, PLAIN_PROCESS).sessionSecretPrevious,
    ).toBe(older);
    expect(() =>
      readEnv({ ...local, SESSION_SECRET_PREVIOUS: 'y'.repeat(31) }, PLAIN_PROCESS),
    ).toThrow(/SESSION_SECRET_PREVIOUS is too short \(31 bytes\)/);
    expect(
      readEnv({ ...local, SESSION_SECRET_PREVIOUS: SECRET_32 }, PLAIN_PROCESS)
        .sessionSecretPrevious,
    ).toBeUndefined();
  });
});

describe('readEnv: local runs', () => {
  it('falls back to the development secret under astro dev, npm run preview, Vitest and netlify dev', () => {
    for (const marker of ['astro-dev', 'preview']) {
      expect(localRun({ NOVAREACH_LOCAL_RUN: marker }, undefined)).toBe(marker);
      const { sessionSecret } = readEnv({ NOVAREACH_LOCAL_RUN: marker }, PLAIN_PROCESS, undefined);
      expect(sessionSecret).toMatch(/^local-development/);
      // The marker set on the process (astro.config.mjs, the local host) counts as well.
      expect(readEnv({}, { NOVAREACH_LOCAL_RUN: marker }, undefined).sessionSecret).toBe(
        sessionSecret,
      );
    }
    expect(localRun({ VITEST: 'true' }, undefined)).toBe('vitest');
    expect(readEnv({}).sessionSecret).toMatch(/^local-development/);
    // `netlify dev` runs functions in the deploy context "dev", with no marker of ours.
    expect(localRun({}, 'dev')).toBe('netlify-dev');
    expect(readEnv({}, PLAIN_PROCESS, 'dev').sessionSecret).toMatch(/^local-development/);
  });

  it('knows netlify dev by the marker netlify.toml sets for the context "dev"', () => {
    // netlify-cli 27 gives functions an empty context.deploy.context and this environment.
    const netlifyDev = {
      CONTEXT: 'dev',
      NETLIFY_DEV: 'true',
      ...(parseToml(readFileSync('netlify.toml', 'utf8')) as NetlifyToml).context.dev.environment,
    };
    expect(netlifyDev).toMatchObject({
      NOVAREACH_LOCAL_RUN: 'netlify-dev',
      SIMULATED_PAYMENTS: '1',
    });
    expect(localRun(netlifyDev, undefined)).toBe('netlify-dev');
    expect(readEnv(netlifyDev, PLAIN_PROCESS, undefined).simulatedPayments).toBe(true);
    // Without the marker, the same process is not local: no development secret.
    const unmarked = { ...netlifyDev, NOVAREACH_LOCAL_RUN: undefined };
    expect(missingOf(() => readEnv(unmarked, PLAIN_PROCESS, undefined))).toEqual([
      'SESSION_SECRET',
    ]);
    // A deployed invocation names its context, and the marker counts for nothing there.
    expect(localRun(netlifyDev, 'deploy-preview')).toBeUndefined();
  });

  it('needs no Stripe key locally, where a checkout without a provider is the 503 instead', () => {
    const env = readEnv({ NOVAREACH_LOCAL_RUN: 'astro-dev' }, PLAIN_PROCESS, undefined);
    expect(env.simulatedPayments).toBe(false);
    expect(env.stripeSecretKey).toBeUndefined();
  });
});

describe('simulated payments are opt-in', () => {
  it('are on only with SIMULATED_PAYMENTS=1', () => {
    expect(simulatedPaymentsEnabled({}, undefined)).toBe(false);
    expect(simulatedPaymentsEnabled({ SIMULATED_PAYMENTS: 'true' }, undefined)).toBe(false);
    expect(simulatedPaymentsEnabled({ SIMULATED_PAYMENTS: '1' }, undefined)).toBe(true);
    expect(simulatedPaymentsEnabled({ SIMULATED_PAYMENTS: '1' }, 'deploy-preview')).toBe(true);
    // Never inferred from a missing key: a deploy without one is a 503, not free orders.
    for (const context of DEPLOYED) expect(simulatedPaymentsEnabled(RUNTIME, context)).toBe(false);
  });

  it('are never on in production or with a Stripe key', () => {
    expect(simulatedPaymentsEnabled({ SIMULATED_PAYMENTS: '1' }, 'production')).toBe(false);
    expect(
      simulatedPaymentsEnabled({ SIMULATED_PAYMENTS: '1', CONTEXT: 'production' }, undefined),
    ).toBe(false);
    expect(
      simulatedPaymentsEnabled({ SIMULATED_PAYMENTS: '1', STRIPE_SECRET_KEY: 'sk_test_x' }, 'dev'),
    ).toBe(false);
    expect(isProductionDeploy({}, 'production')).toBe(true);
    expect(isProductionDeploy({ NODE_ENV: 'production', NETLIFY: 'true' }, undefined)).toBe(false);
  });

  it('a demo deploy preview that opts in needs SESSION_SECRET but no Stripe keys', () => {
    const demo = { ...RUNTIME, SIMULATED_PAYMENTS: '1' };
    expect(missingOf(() => readEnv(demo, PLAIN_PROCESS, 'deploy-preview'))).toEqual([
      'SESSION_SECRET',
    ]);
    const env = readEnv({ ...demo, SESSION_SECRET: SECRET_32 }, PLAIN_PROCESS, 'deploy-preview');
    expect(env.simulatedPayments).toBe(true);
    // Opting in does not work in production: the keys are required there.
    expect(
      missingOf(() => readEnv({ ...demo, SESSION_SECRET: SECRET_32 }, PLAIN_PROCESS, 'production')),
    ).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });

  it('a demo reaches only mail and CRM servers on this machine, whatever is configured', () => {
    const outside = {
      ...RUNTIME,
      SESSION_SECRET: SECRET_32,
      SMTP_URL: 'smtps://apikey:secret@smtp.example.com:465',
      GHL_API_KEY: 'pit-live',
      GHL_COMPANY_ID: 'C1',
    };
    // Before: a public demo preview e-mailed strangers and created real CRM accounts.
    const demo = readEnv({ ...outside, SIMULATED_PAYMENTS: '1' }, PLAIN_PROCESS, 'deploy-preview');
    expect(demo.smtpUrl).toBeUndefined();
    expect(demo.ghlApiKey).toBeUndefined();
    const local = readEnv(
      {
        ...outside,
        SIMULATED_PAYMENTS: '1',
        SMTP_URL: 'smtp://127.0.0.1:1025',
        GHL_API_BASE: 'http://localhost:4010',
      },
      PLAIN_PROCESS,
      'deploy-preview',
    );
    expect(local.smtpUrl).toBe('smtp://127.0.0.1:1025');
    expect(local.ghlApiKey).toBe('pit-live');
    const paid = readEnv(
      { ...outside, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
      PLAIN_PROCESS,
      'deploy-preview',
    );
    expect(paid.smtpUrl).toBe(outside.SMTP_URL);
    expect(paid.ghlApiKey).toBe('pit-live');
  });

  it('charge the simulated tax rate SIMULATED_TAX_RATE (percent), none when unset or when payments are real', () => {
    const local = { SIMULATED_PAYMENTS: '1' };
    const rate = (value?: string, extra: Record<string, string> = {}) =>
      readEnv({ ...local, ...extra, ...(value === undefined ? {} : { SIMULATED_TAX_RATE: value }) })
        .simulatedTaxRatePercent;
    expect(rate()).toBe(0);
    expect(rate('')).toBe(0);
    expect(rate('0')).toBe(0);
    expect(rate('8.25')).toBe(8.25);
    expect(rate(' 7.0001 ')).toBe(7.0001);
    expect(rate('100')).toBe(100);
    // Real payments ignore it: Stripe Tax decides what is owed.
    expect(rate('abc', { STRIPE_SECRET_KEY: 'sk_test_x' })).toBe(0);
    for (const bad of ['abc', '-1', '8,25', '100.5', '8.25%', '1e2', '8.123456', '1000']) {
      expect(
        missingOf(() => rate(bad)),
        bad,
      ).toEqual(['SIMULATED_TAX_RATE']);
    }
  });

  it('counts only loopback names as this machine', () => {
    for (const url of ['smtp://localhost:25', 'http://127.0.0.1:9', 'http://[::1]:80'])
      expect(onThisMachine(url)).toBe(true);
    for (const url of ['smtp://127.0.0.1.example.com', 'http://10.0.0.2', 'nonsense', undefined])
      expect(onThisMachine(url)).toBe(false);
  });
});
