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
  // Every image of the shop is its own: a script that got in cannot smuggle data out in an
  // image URL to any https host (the content editor's GitHub token was readable by scripts).
  "img-src 'self' data:",
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

/**
 * The CSP of the content editor's pages (/keystatic, on a deploy with the GitHub App): the
 * page's own policy, loosened only where Keystatic's React app needs it. Its styling library
 * injects <style> elements at run time and one dependency compiles code with `new Function`, so
 * style-src allows inline styles and script-src 'unsafe-eval' (Astro's hashes still pin the
 * inline scripts); the browser reads and commits the repository through GitHub's API. The
 * editor is for signed-in team members, and nothing of it loads on the public pages.
 */
export function contentEditorCsp(pageCsp: string): string {
  const directives = new Map<string, string>();
  for (const part of pageCsp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values.join(' '));
  }
  const scripts = directives.get('script-src') ?? "'self'";
  directives.set('script-src', `${scripts} 'unsafe-eval'`);
  directives.set('style-src', "'self' 'unsafe-inline'");
  directives.set('connect-src', "'self' https://api.github.com");
  // Previews of images being uploaded, and the team members' GitHub avatars.
  directives.set('img-src', "'self' data: blob: https://avatars.githubusercontent.com");
  return [...directives].map(([name, values]) => `${name} ${values}`.trim()).join('; ');
}
