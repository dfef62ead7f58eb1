/**
 * Security headers for on-demand pages. Netlify applies netlify.toml [[headers]] only to files
 * it serves itself, not to the SSR function, so pages rendered on request (and the on-demand
 * 404 page) add the same list here. Astro already sets their hashed Content-Security-Policy.
 * Prerendered pages get theirs from netlify.toml and the adapter's static headers instead.
 */
import { defineMiddleware } from 'astro:middleware';
import { SECURITY_HEADERS } from './server/security-headers.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
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
