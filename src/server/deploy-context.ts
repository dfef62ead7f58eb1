/**
 * Where this invocation runs, as the platform says it. Netlify passes a function its deploy
 * context in `context.deploy.context` and, for the code it calls, in the `Netlify.context`
 * global; it does NOT pass CONTEXT or NETLIFY to functions at runtime (those exist in builds
 * only), so they cannot tell a deployed function from a local one.
 *
 * Contexts (https://docs.netlify.com/site-deploys/overview/#deploy-contexts): `production`,
 * `deploy-preview`, `branch-deploy`, a branch name, and `dev` under `netlify dev` and the
 * project's own local hosts.
 */
type NetlifyGlobal = { context?: { deploy?: { context?: unknown } } | null };

/** The deploy context of the running invocation, or undefined outside a platform invocation. */
export function platformDeployContext(): string | undefined {
  const netlify = (globalThis as { Netlify?: NetlifyGlobal }).Netlify;
  const value = netlify?.context?.deploy?.context;
  return typeof value === 'string' && value ? value : undefined;
}

/** The context in which `netlify dev` (and the project's local hosts) run functions. */
export const LOCAL_DEPLOY_CONTEXT = 'dev';
