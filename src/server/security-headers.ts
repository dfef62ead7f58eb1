// One list for static pages, the dev server and every function response, so they cannot drift.
// script-src and style-src are computed by Astro per page, with hashes.
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self' https://checkout.stripe.com",
  // A script that got in cannot smuggle data out in an image URL (the content editor's GitHub token
  // was readable by scripts).
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
  "frame-ancestors 'none'",
  'upgrade-insecure-requests',
] as const;

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

// Keystatic's styling library injects <style> at run time and a dependency compiles code with
// `new Function`; Astro's hashes still pin the inline scripts. Never loaded on public pages.
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
  directives.set('img-src', "'self' data: blob: https://avatars.githubusercontent.com");
  return [...directives].map(([name, values]) => `${name} ${values}`.trim()).join('; ');
}
