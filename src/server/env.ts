/**
 * Server configuration, read at call time from process.env (never import.meta.env, which
 * Astro inlines at build time). A production deploy without a required secret fails loudly.
 *
 * SESSION_SECRET is the server's secret for values it derives (the simulated CRM's demo
 * passwords); client and admin sessions are random tokens stored hashed, and need none. Its
 * built-in development value is in this repository, so it is used only by an explicitly local run (see {@link localRun}); any
 * other process without SESSION_SECRET (production, deploy previews, branch deploys, a plain
 * `node`, `NODE_ENV=production` anywhere) gets an Error naming it from readEnv(), i.e. from every
 * function or on-demand page as it reads its configuration. Nothing calls readEnv() at build time.
 */
import { siteSettings } from '../lib/site-settings.ts';

export type ServerEnv = ReturnType<typeof readEnv>;

/**
 * Marks the process as a local run that may use the development session secret. Set only by
 * `astro.config.mjs` under `astro dev` ('astro-dev') and by scripts/serve.ts, which serves the
 * build locally for `npm run preview`, Playwright and the audits ('preview'). Never set it on
 * a deploy; on Netlify (NETLIFY=true or CONTEXT set) it is ignored anyway.
 */
export const LOCAL_RUN_VARIABLE = 'NOVAREACH_LOCAL_RUN';
export type LocalRun = 'astro-dev' | 'preview' | 'vitest';

/** Session secrets shorter than this many UTF-8 bytes are refused in every mode. */
export const MIN_SESSION_SECRET_BYTES = 32;

const DEVELOPMENT_SESSION_SECRET = 'local-development-session-secret-not-for-production';

export function isProductionDeploy(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CONTEXT === 'production' || (env.NODE_ENV === 'production' && env.NETLIFY === 'true');
}

/** Netlify sets NETLIFY=true in builds and CONTEXT (production, deploy-preview, ...) on deploys. */
function onNetlify(env: NodeJS.ProcessEnv): boolean {
  return env.NETLIFY === 'true' || !!env.CONTEXT;
}

/**
 * Which explicitly local run `env` describes: Vitest (it sets VITEST) or the marker
 * {@link LOCAL_RUN_VARIABLE}. Undefined for anything else, and always on Netlify.
 */
export function localRun(env: NodeJS.ProcessEnv = process.env): LocalRun | undefined {
  if (onNetlify(env)) return undefined;
  if (env.VITEST) return 'vitest';
  const marker = env[LOCAL_RUN_VARIABLE];
  return marker === 'astro-dev' || marker === 'preview' ? marker : undefined;
}

function byteLength(value: string): number {
  return new TextEncoder().encode(value).byteLength;
}

/**
 * @param env the configuration to read (process.env unless a caller or test passes its own).
 * @param processEnv the environment of the running process, which, like `env`, can say the
 *   process is a local run (so a test under Vitest may pass a bare `env`). Netlify markers in
 *   either one rule the development secret out.
 */
export function readEnv(
  env: NodeJS.ProcessEnv = process.env,
  processEnv: NodeJS.ProcessEnv = process.env,
) {
  const production = isProductionDeploy(env);
  const stripeSecretKey = env.STRIPE_SECRET_KEY || undefined;
  if (production) {
    const missing = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SESSION_SECRET'].filter(
      (name) => !env[name],
    );
    if (missing.length) {
      throw new Error(
        `Missing required environment variables in production: ${missing.join(', ')}`,
      );
    }
  }
  return {
    production,
    /** Simulated payments, test pages and /api/test/* exist only without a Stripe key and never in production. */
    simulatedPayments: !stripeSecretKey && !production,
    stripeSecretKey,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiHost: env.STRIPE_API_HOST || undefined,
    /** The Billing Portal configuration `npm run stripe:setup` made (bpc_...). */
    stripePortalConfiguration: env.STRIPE_PORTAL_CONFIGURATION || undefined,
    sessionSecret: sessionSecret(env, processEnv),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `${siteSettings.name} <${siteSettings.salesEmail}>`,
    teamEmail: env.TEAM_EMAIL || siteSettings.salesEmail,
    ghlApiKey: env.GHL_API_KEY || undefined,
    ghlCompanyId: env.GHL_COMPANY_ID || undefined,
    ghlApiBase: env.GHL_API_BASE || 'https://services.leadconnectorhq.com',
    siteUrl: env.SITE_URL || env.URL || 'http://localhost:4321',
  };
}

function sessionSecret(env: NodeJS.ProcessEnv, processEnv: NodeJS.ProcessEnv): string {
  const secret = env.SESSION_SECRET || undefined;
  if (secret !== undefined) {
    const bytes = byteLength(secret);
    if (bytes < MIN_SESSION_SECRET_BYTES) {
      throw new Error(
        `SESSION_SECRET is too short (${bytes} bytes): at least ${MIN_SESSION_SECRET_BYTES} bytes are required; ` +
          'generate one with `openssl rand -base64 48`.',
      );
    }
    return secret;
  }
  const local =
    !onNetlify(env) && !onNetlify(processEnv) && (localRun(env) ?? localRun(processEnv));
  if (!local) {
    throw new Error(
      `SESSION_SECRET is required outside a local run (at least ${MIN_SESSION_SECRET_BYTES} bytes); ` +
        'generate one with `openssl rand -base64 48` and set it for this deploy context. ' +
        `Only \`astro dev\`, \`npm run preview\` (${LOCAL_RUN_VARIABLE}) and Vitest use the development secret.`,
    );
  }
  // A fixed development secret keeps local sessions working across restarts; never used elsewhere.
  return DEVELOPMENT_SESSION_SECRET;
}
