/**
 * The browser prepares the page a visitor is about to open (Speculation Rules: prerendered
 * on hover or pointer-down, `moderate`), with no script of ours. Only same-origin content
 * pages: never a page whose load has an effect or shows someone's own state (checkout starts a
 * payment on load; payment, admin, dashboard, onboarding, test pages, the editor, the API),
 * nor a link with a query, one marked nofollow, one opening another tab or a download.
 *
 * The rules are inline JSON, so the page's CSP must name their hash: with hash sources in
 * script-src, Chromium ignores the 'inline-speculation-rules' keyword (SpeculationRules.astro).
 */
export const NEVER_PREPARED = [
  '/checkout*',
  '/pay/*',
  '/admin*',
  '/dashboard*',
  '/onboarding*',
  '/client-onboarding*',
  '/test-*',
  '/keystatic*',
  '/api/*',
] as const;

/** Links that are not a plain visit to another page of ours, by their markup. */
export const NEVER_PREPARED_LINKS = [
  '[href*="?"]',
  '[rel~="nofollow"]',
  '[target]:not([target="_self"])',
  '[download]',
] as const;

export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: [...NEVER_PREPARED] } },
          { not: { selector_matches: NEVER_PREPARED_LINKS.join(', ') } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});
