// Netlify does NOT pass CONTEXT or NETLIFY to functions at runtime (builds only), so they cannot
// tell a deployed function from a local one.
type NetlifyGlobal = { context?: { deploy?: { context?: unknown } } | null };

export function platformDeployContext(): string | undefined {
  const netlify = (globalThis as { Netlify?: NetlifyGlobal }).Netlify;
  const value = netlify?.context?.deploy?.context;
  return typeof value === 'string' && value ? value : undefined;
}

export const LOCAL_DEPLOY_CONTEXT = 'dev';
