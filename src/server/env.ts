// Read at call time from process.env, never import.meta.env (Astro inlines that at build time).
import { siteSettings } from '../lib/site-settings.ts';
import { LOCAL_DEPLOY_CONTEXT, platformDeployContext } from './deploy-context.ts';

export type ServerEnv = ReturnType<typeof readEnv>;

// Set only by astro.config.mjs under `astro dev`, by scripts/local-netlify and by netlify.toml for
// `netlify dev`, whose functions get an empty `context.deploy.context` (netlify-cli 27).
const LOCAL_RUN_VARIABLE = 'NOVAREACH_LOCAL_RUN';
type LocalRun = 'astro-dev' | 'preview' | 'vitest' | 'netlify-dev';

const SIMULATED_PAYMENTS_VARIABLE = 'SIMULATED_PAYMENTS';

const SIMULATED_TAX_RATE_VARIABLE = 'SIMULATED_TAX_RATE';

const MIN_SESSION_SECRET_BYTES = 32;

const DEVELOPMENT_SESSION_SECRET = 'local-development-session-secret-not-for-production';

/** The deploy is misconfigured, not the request: 503, and a log line naming the variable. */
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

// Present only while building: they can rule locality out, never in.
function buildMarkers(env: NodeJS.ProcessEnv): boolean {
  return env.NETLIFY === 'true' || (!!env.CONTEXT && env.CONTEXT !== LOCAL_DEPLOY_CONTEXT);
}

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

/** A production build's CONTEXT only tightens. */
export function isProductionDeploy(
  env: NodeJS.ProcessEnv = process.env,
  deployContext: string | undefined = platformDeployContext(),
): boolean {
  return deployContext === 'production' || env.CONTEXT === 'production';
}

// Reads no secret, so the 404 of /api/test/* never depends on them.
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

// While payments are simulated (a public demo anyone can "pay" on), a real SMTP server or CRM
// account is left alone, so a demo never e-mails strangers nor creates real CRM accounts.
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
    simulatedPayments,
    simulatedTaxRatePercent: simulatedPayments ? simulatedTaxRate(env) : 0,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiHost: env.STRIPE_API_HOST || undefined,
    stripePortalConfiguration: env.STRIPE_PORTAL_CONFIGURATION || undefined,
    sessionSecret: sessionSecret(env, local),
    sessionSecretPrevious: previousSessionSecret(env),
    smtpUrl: reachable(env.SMTP_URL) ? env.SMTP_URL || undefined : undefined,
    mailFrom: env.MAIL_FROM || `${siteSettings.name} <${siteSettings.salesEmail}>`,
    teamEmail: teamAddress(env),
    ghlApiKey: reachable(ghlApiBase) ? env.GHL_API_KEY || undefined : undefined,
    ghlCompanyId: env.GHL_COMPANY_ID || undefined,
    ghlApiBase,
    siteUrl: siteAddress(env),
  };
}

// Without the secrets `readEnv` insists on: terminal commands queue notices too.
export function teamAddress(env: NodeJS.ProcessEnv = process.env): string {
  return env.TEAM_EMAIL || siteSettings.salesEmail;
}

export function siteAddress(env: NodeJS.ProcessEnv = process.env): string {
  return env.SITE_URL || env.URL || 'http://localhost:4321';
}

const ERROR_WEBHOOK_VARIABLE = 'ERROR_WEBHOOK_URL';

// Read apart from readEnv, so a mistyped optional hook never takes the functions down with it.
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

// Anything but 0–100 with at most four decimals is refused rather than read as some other rate.
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
