// Netlify applies netlify.toml [[headers]] only to files it serves itself, not to the SSR function,
// so on-demand pages add the same list here.
import { defineMiddleware } from 'astro:middleware';
import { isPrivatePath } from './lib/indexing.ts';
import { ConfigurationError } from './server/env.ts';
import { SERVICE_NOT_CONFIGURED } from './server/handler.ts';
import { SECURITY_HEADERS, contentEditorCsp } from './server/security-headers.ts';

function notConfigured(error: ConfigurationError): Response {
  console.error(`[configuration] ${error.message}`);
  return new Response(
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Temporarily unavailable</title><p>${SERVICE_NOT_CONFIGURED}</p></html>`,
    {
      status: 503,
      headers: {
        ...SECURITY_HEADERS,
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Retry-After': '300',
      },
    },
  );
}

export const onRequest = defineMiddleware(async (context, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (error instanceof ConfigurationError) return notConfigured(error);
    throw error;
  }
  if (context.isPrerendered) return response;
  const missing: Record<string, string> = { ...SECURITY_HEADERS };
  const replaced: Record<string, string> = {};
  const path = context.url.pathname;
  // The content editor's pages carry no robots meta: the header keeps private pages out of search.
  if (isPrivatePath(path)) missing['X-Robots-Tag'] = 'noindex, nofollow';
  // Builds only: `npm run dev` sends no CSP at all (astro.config.mjs).
  const csp = response.headers.get('Content-Security-Policy');
  if (csp && /^\/keystatic(\/|$)/.test(path)) {
    replaced['Content-Security-Policy'] = contentEditorCsp(csp);
  }
  const apply = (headers: Headers) => {
    for (const [name, value] of Object.entries(missing)) {
      if (!headers.has(name)) headers.set(name, value);
    }
    for (const [name, value] of Object.entries(replaced)) headers.set(name, value);
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    // Response.redirect() and fetched responses have immutable headers: copy them once.
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
});
