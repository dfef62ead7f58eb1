/**
 * Server configuration, read at call time from process.env (never import.meta.env, which
 * Astro inlines at build time). Fails closed: a deployed function that lacks a required secret
 * throws a {@link ConfigurationError} (503 from every function, one log line naming it).
 *
 * Whether this is a deploy is the platform's word ({@link platformDeployContext}), never
 * CONTEXT, NETLIFY or NODE_ENV, which Netlify does not pass to functions at runtime. A process
 * counts as an explicitly local run only under `netlify dev` (deploy context `dev`), or, outside
 * any platform invocation, under Vitest or with the marker {@link LOCAL_RUN_VARIABLE}; only
 * there may the built-in development SESSION_SECRET stand in. Simulated payments are opt-in
 * everywhere: SIMULATED_PAYMENTS=1, never in production, never inferred from a missing key.
 */
import { siteSettings } from '../lib/site-settings.ts';
import { LOCAL_DEPLOY_CONTEXT, platformDeployContext } from './deploy-context.ts';

export type ServerEnv = ReturnType<typeof readEnv>;

/**
 * Marks the process as a local run that may use the development session secret. Set only by
 * `astro.config.mjs` under `astro dev` ('astro-dev'), by the local Netlify host
 * (scripts/local-netlify), which serves the build for `npm run preview`, Playwright and the
 * audits ('preview'), and by netlify.toml's `[context.dev.environment]` for `netlify dev`
 * ('netlify-dev'), whose functions get an empty `context.deploy.context` (netlify-cli 27).
 * Ignored inside any deployed invocation, whose deploy context the platform always names.
 */
const LOCAL_RUN_VARIABLE = 'NOVAREACH_LOCAL_RUN';
type LocalRun = 'astro-dev' | 'preview' | 'vitest' | 'netlify-dev';

/** `SIMULATED_PAYMENTS=1` turns on the simulated provider, the test pages and /api/test/*. */
const SIMULATED_PAYMENTS_VARIABLE = 'SIMULATED_PAYMENTS';

/** The simulated provider's tax rate in percent (docs/stripe.md); read only while it is on. */
const SIMULATED_TAX_RATE_VARIABLE = 'SIMULATED_TAX_RATE';

/** Session secrets shorter than this many UTF-8 bytes are refused in every mode. */
const MIN_SESSION_SECRET_BYTES = 32;

const DEVELOPMENT_SESSION_SECRET = 'local-development-session-secret-not-for-production';

/**
 * A required variable is missing (or unusable): the deploy is misconfigured, not the visitor's
 * request. Functions answer 503 with a JSON error and log the message, which names the
 * variable and never its value (src/server/handler.ts).
 */
export class ConfigurationError extends Error {
  readonly missing: string[];
  constructor(
    missing: string[],
    message = `Missing required environment variable${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} ` +
      '(set it with the Functions scope for this deploy context)',
  ) {
    super(message);
    this.missing = missing;
    this.name = 'ConfigurationError';
  }
}

/** Netlify's build-time markers, present only while building; they can rule locality out, never in. */
function buildMarkers(env: NodeJS.ProcessEnv): boolean {
  return env.NETLIFY === 'true' || (!!env.CONTEXT && env.CONTEXT !== LOCAL_DEPLOY_CONTEXT);
}

/**
 * Which explicitly local run this is, or undefined for anything else (a deploy, a plain `node`).
 * @param deployContext the platform's deploy context of the running invocation, if any.
 */
export function localRun(
  env: NodeJS.ProcessEnv = process.env,
  deployContext: string | undefined = platformDeployContext(),
): LocalRun | undefined {
  if (deployContext !== undefined) {
    return deployContext === LOCAL_DEPLOY_CONTEXT && !buildMarkers(env) ? 'netlify-dev' : undefined;
  }
  if (buildMarkers(env)) return undefined;
  if (env.VITEST) return 'vitest';
  const marker = env[LOCAL_RUN_VARIABLE];
  return marker === 'astro-dev' || marker === 'preview' || marker === 'netlify-dev'
    ? marker
    : undefined;
}

/** Production, by the platform's word (or a production build's CONTEXT, which only tightens). */
export function isProductionDeploy(
  env: NodeJS.ProcessEnv = process.env,
  deployContext: string | undefined = platformDeployContext(),
): boolean {
  return deployContext === 'production' || env.CONTEXT === 'production';
}

/**
 * Whether payments are simulated: only with SIMULATED_PAYMENTS=1, never with a Stripe key and
 * never in production. Reads no secret, so the 404 of /api/test/* never depends on them.
 */
export function simulatedPaymentsEnabled(
  env: NodeJS.ProcessEnv = process.env,
  deployContext: string | undefined = platformDeployContext(),
): boolean {
  return (
    env[SIMULATED_PAYMENTS_VARIABLE] === '1' &&
    !env.STRIPE_SECRET_KEY &&
    !isProductionDeploy(env, deployContext)
  );
}

/**
 * Whether `url` names this machine. While payments are simulated (a local run, or a public demo
 * deploy preview anyone can "pay" on), the site reaches only services on this machine: a local
 * mail catcher, a local CRM stand-in. A configured real SMTP server or GoHighLevel account is
 * left alone, so a demo never e-mails strangers nor creates real CRM accounts.
 */
export function onThisMachine(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

function byteLength(value: string): number {
  return new TextEncoder().encode(value).byteLength;
}

/**
 * @param env the configuration to read (process.env unless a caller or test passes its own).
 * @param processEnv the environment of the running process, which, like `env`, can say the
 *   process is a local run (so a test under Vitest may pass a bare `env`).
 * @param deployContext the platform's deploy context ({@link platformDeployContext}).
 * @throws ConfigurationError when a deployed invocation lacks a required secret.
 */
export function readEnv(
  env: NodeJS.ProcessEnv = process.env,
  processEnv: NodeJS.ProcessEnv = process.env,
  deployContext: string | undefined = platformDeployContext(),
) {
  const production = isProductionDeploy(env, deployContext);
  const local = localRun(env, deployContext) ?? localRun(processEnv, deployContext);
  const simulatedPayments = simulatedPaymentsEnabled(env, deployContext);
  const ghlApiBase = env.GHL_API_BASE || 'https://services.leadconnectorhq.com';
  const reachable = (url: string | undefined) => !simulatedPayments || onThisMachine(url);
  if (!local) {
    const required = simulatedPayments
      ? ['SESSION_SECRET']
      : ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SESSION_SECRET'];
    const missing = required.filter((name) => !env[name]);
    if (missing.length) throw new ConfigurationError(missing);
  }
  return {
    production,
    deployContext,
    /** Simulated payments, test pages and /api/test/*: SIMULATED_PAYMENTS=1, never in production. */
    simulatedPayments,
    /** The tax the simulated provider charges, in percent (0: none); 0 when payments are real. */
    simulatedTaxRatePercent: simulatedPayments ? simulatedTaxRate(env) : 0,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiHost: env.STRIPE_API_HOST || undefined,
    /** The Billing Portal configuration `npm run stripe:setup` made (bpc_...). */
    stripePortalConfiguration: env.STRIPE_PORTAL_CONFIGURATION || undefined,
    sessionSecret: sessionSecret(env, local),
    /** One older SESSION_SECRET, still accepted to open and match what it made (docs/secrets.md). */
    sessionSecretPrevious: previousSessionSecret(env),
    /** Unset while payments are simulated, unless it is a server on this machine. */
    smtpUrl: reachable(env.SMTP_URL) ? env.SMTP_URL || undefined : undefined,
    mailFrom: env.MAIL_FROM || `${siteSettings.name} <${siteSettings.salesEmail}>`,
    teamEmail: teamAddress(env),
    /** Unset (Demo Mode) while payments are simulated, unless the API is on this machine. */
    ghlApiKey: reachable(ghlApiBase) ? env.GHL_API_KEY || undefined : undefined,
    ghlCompanyId: env.GHL_COMPANY_ID || undefined,
    ghlApiBase,
    siteUrl: siteAddress(env),
  };
}

/**
 * Where team notices go, and the site's own address, without the secrets `readEnv` insists on:
 * the terminal commands (`npm run admin:reset-factor`) queue notices too.
 */
export function teamAddress(env: NodeJS.ProcessEnv = process.env): string {
  return env.TEAM_EMAIL || siteSettings.salesEmail;
}

export function siteAddress(env: NodeJS.ProcessEnv = process.env): string {
  return env.SITE_URL || env.URL || 'http://localhost:4321';
}

/** Where each 5xx and failed scheduled run is POSTed as JSON (docs/operations.md); optional. */
const ERROR_WEBHOOK_VARIABLE = 'ERROR_WEBHOOK_URL';

/**
 * ERROR_WEBHOOK_URL: an https URL (http only on this machine), or unset. Read apart from
 * {@link readEnv}, so that a mistyped optional hook never takes the functions down with it.
 * @throws ConfigurationError for any other value (the logger reports it instead of posting).
 */
export function errorWebhookUrl(env: NodeJS.ProcessEnv = process.env): URL | undefined {
  const value = env[ERROR_WEBHOOK_VARIABLE]?.trim();
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'https:' || (url.protocol === 'http:' && onThisMachine(value)))) {
    return url;
  }
  throw new ConfigurationError(
    [ERROR_WEBHOOK_VARIABLE],
    `${ERROR_WEBHOOK_VARIABLE} must be an https:// URL (http:// only for this machine)`,
  );
}

/**
 * SIMULATED_TAX_RATE: a percent from 0 to 100 with at most four decimals ("8.25"); unset or
 * empty is 0. Anything else is refused rather than read as some other rate.
 */
function simulatedTaxRate(env: NodeJS.ProcessEnv): number {
  const value = env[SIMULATED_TAX_RATE_VARIABLE]?.trim();
  if (!value) return 0;
  const rate = /^\d{1,3}(\.\d{1,4})?$/.test(value) ? Number(value) : Number.NaN;
  if (!(rate >= 0 && rate <= 100)) {
    throw new ConfigurationError(
      [SIMULATED_TAX_RATE_VARIABLE],
      `${SIMULATED_TAX_RATE_VARIABLE} must be a percent from 0 to 100 with at most four decimals, e.g. 8.25`,
    );
  }
  return rate;
}

/** The variable's value when set, refused when shorter than {@link MIN_SESSION_SECRET_BYTES}. */
export function longEnoughSecret(
  env: NodeJS.ProcessEnv,
  name: 'SESSION_SECRET' | 'SESSION_SECRET_PREVIOUS',
): string | undefined {
  const secret = env[name] || undefined;
  if (secret === undefined) return undefined;
  const bytes = byteLength(secret);
  if (bytes < MIN_SESSION_SECRET_BYTES) {
    throw new ConfigurationError(
      [name],
      `${name} is too short (${bytes} bytes): at least ${MIN_SESSION_SECRET_BYTES} bytes are required; ` +
        'generate one with `openssl rand -base64 48`.',
    );
  }
  return secret;
}

function previousSessionSecret(env: NodeJS.ProcessEnv): string | undefined {
  const previous = longEnoughSecret(env, 'SESSION_SECRET_PREVIOUS');
  return previous === env.SESSION_SECRET ? undefined : previous;
}

function sessionSecret(env: NodeJS.ProcessEnv, local: LocalRun | undefined): string {
  const secret = longEnoughSecret(env, 'SESSION_SECRET');
  if (secret !== undefined) return secret;
  if (!local) throw new ConfigurationError(['SESSION_SECRET']);
  // A fixed development secret keeps local sessions working across restarts; never used elsewhere.
  return DEVELOPMENT_SESSION_SECRET;
}
