import { RedirectsHandler } from '@netlify/redirects';
import type { DeployConfig } from './deploy-config.ts';

/**
 * The host's answer without rules: `rewriteStatus` undefined for the path asked for (a deploy file
 * shadows an unforced rule), the rule's status for a rewrite's target; undefined if none.
 */
export type LocalAnswer = (
  request: Request,
  rewriteStatus?: number,
) => Promise<(() => Promise<Response>) | undefined>;

export type RedirectRules = {
  apply(
    request: Request,
    local: LocalAnswer,
  ): Promise<{ response: Response; redirect: boolean } | undefined>;
};

type Match = NonNullable<Awaited<ReturnType<RedirectsHandler['match']>>>;

export function redirectRules(
  config: DeployConfig,
  publishDir: string,
  notFound: (request: Request) => Promise<Response>,
): RedirectRules {
  const engine = new RedirectsHandler({
    // The order @netlify/config merges them in: the framework's forced rules, the project's,
    // then the framework's; `_redirects` (read by the engine) goes before all of them.
    configRedirects: [
      ...(config.framework['redirects!'] ?? []),
      ...(config.toml.redirects ?? []),
      ...(config.framework.redirects ?? []),
    ],
    // netlify-cli's defaults for `netlify dev` when netlify.toml's [dev] sets none.
    jwtSecret: config.toml.dev?.jwtSecret ?? 'secret',
    jwtRoleClaim: config.toml.dev?.jwtRolePath ?? 'app_metadata.authorization.roles',
    notFoundHandler: notFound,
    projectDir: publishDir,
    publicDir: publishDir,
  });

  return {
    async apply(request, local) {
      // The engine copies the request for a rewrite's target; a body would make that throw.
      const read = new Request(request.url, { method: request.method, headers: request.headers });
      const match = await matchOrNotFound(engine, read);
      if (!match) return undefined;
      const response = await engine.handle(read, match, (candidate) =>
        local(candidate, candidate === read ? undefined : match.statusCode),
      );
      // A file that shadows the rule answers with its own status, never the rule's 3xx.
      return (
        response && { response, redirect: match.redirect && response.status === match.statusCode }
      );
    },
  };
}

// @netlify/redirects 4.0.2 throws (`new URL('')`) on a `Role` rule the visitor does not meet,
// where its matcher answers "404"; Netlify serves the 404 page there, as its own handle() does.
async function matchOrNotFound(
  engine: RedirectsHandler,
  request: Request,
): Promise<Match | undefined> {
  try {
    return await engine.match(request);
  } catch (error) {
    if ((error as { input?: unknown }).input !== '') throw error;
    const target = new URL(request.url);
    return {
      external: false,
      force: true,
      headers: {},
      hiddenProxy: false,
      redirect: false,
      statusCode: 404,
      target,
      targetRelative: target.pathname,
    };
  }
}
