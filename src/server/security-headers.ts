/**
 * Security headers shared by static pages (netlify.toml / adapter static headers),
 * the dev server and every function response. One list so they cannot drift apart.
 */

/** CSP directives besides script-src/style-src, which Astro computes per page with hashes. */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self' https://checkout.stripe.com",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
  "frame-ancestors 'none'",
  'upgrade-insecure-requests',
] as const;

/** The CSP for responses Astro does not render (functions return JSON, files or plain HTML). */
export const FUNCTION_CSP = [
  ...CSP_DIRECTIVES.filter((d) => !d.startsWith('frame-src')),
  "script-src 'none'",
  "style-src 'self'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), payment=(self "https://checkout.stripe.com"), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
