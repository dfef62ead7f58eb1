/**
 * Security headers for on-demand pages. Netlify applies netlify.toml [[headers]] only to files
 * it serves itself, not to the SSR function, so pages rendered on request (and the on-demand
 * 404 page) add the same list here. Astro already sets their hashed Content-Security-Policy.
 * Prerendered pages get theirs from netlify.toml and the adapter's static headers instead.
 */
import { defineMiddleware } from 'astro:middleware';
import { ConfigurationError } from './server/env.ts';
import { SERVICE_NOT_CONFIGURED } from './server/http.ts';
import { SECURITY_HEADERS } from './server/security-headers.ts';

/** An on-demand page of a deploy that lacks a secret: 503, and the log names the variable. */
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
  try {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
    return response;
  } catch {
    // Response.redirect() and fetched responses have immutable headers: copy them once.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!copy.headers.has(name)) copy.headers.set(name, value);
    }
    return copy;
  }
});
