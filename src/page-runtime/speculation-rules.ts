// Never a page whose load has an effect or shows someone's own state. The rules are inline JSON:
// with hash sources in script-src, Chromium ignores 'inline-speculation-rules', so the CSP names
// their hash.
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
