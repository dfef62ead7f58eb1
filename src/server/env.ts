/**
 * Server configuration, read at call time from process.env (never import.meta.env, which
 * Astro inlines at build time). A production deploy without a required secret fails loudly.
 */
export type ServerEnv = ReturnType<typeof readEnv>;

export function isProductionDeploy(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CONTEXT === 'production' || env.NODE_ENV === 'production' && env.NETLIFY === 'true';
}

export function readEnv(env: NodeJS.ProcessEnv = process.env) {
  const production = isProductionDeploy(env);
  const stripeSecretKey = env.STRIPE_SECRET_KEY || undefined;
  const sessionSecret = env.SESSION_SECRET || undefined;
  if (production) {
    const missing = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SESSION_SECRET'].filter(
      (name) => !env[name],
    );
    if (missing.length) {
      throw new Error(`Missing required environment variables in production: ${missing.join(', ')}`);
    }
  }
  return {
    production,
    /** Simulated payments, test pages and /api/test/* exist only without a Stripe key and never in production. */
    simulatedPayments: !stripeSecretKey && !production,
    stripeSecretKey,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiHost: env.STRIPE_API_HOST || undefined,
    // A fixed development secret keeps local sessions working across restarts; never used in production.
    sessionSecret: sessionSecret ?? 'local-development-session-secret-not-for-production',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'NovaReach Digital <hello@novareach.example>',
    teamEmail: env.TEAM_EMAIL || 'team@novareach.example',
    ghlApiKey: env.GHL_API_KEY || undefined,
    ghlCompanyId: env.GHL_COMPANY_ID || undefined,
    ghlApiBase: env.GHL_API_BASE || 'https://services.leadconnectorhq.com',
    siteUrl: env.SITE_URL || env.URL || 'http://localhost:4321',
  };
}
