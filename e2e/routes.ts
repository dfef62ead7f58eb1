/**
 * Every route of the spec's route table, with a sample for the parameterised ones.
 * Shared by the route smoke test, the accessibility scan and the SEO checks.
 */
import { readdirSync } from 'node:fs';

export type RouteKind = 'content' | 'interactive';

export type Route = {
  path: string;
  kind: RouteKind;
  /** Where the page sends the visitor on load (a product's checkout hands off to payment). */
  handsOffTo?: RegExp;
};

/** A case study per file of the portfolio collection, /portfolio/<file name>. */
export const CASE_STUDIES = readdirSync(new URL('../src/content/portfolio/', import.meta.url))
  .filter((file) => file.endsWith('.yaml'))
  .sort()
  .map((file) => `/portfolio/${file.replace(/\.yaml$/, '')}`);

export const ROUTES: Route[] = [
  { path: '/', kind: 'content' },
  { path: '/about', kind: 'content' },
  { path: '/services', kind: 'content' },
  { path: '/products', kind: 'content' },
  { path: '/portfolio', kind: 'content' },
  ...CASE_STUDIES.map((path) => ({ path, kind: 'content' as const })),
  { path: '/how-it-works', kind: 'content' },
  { path: '/lily-ai', kind: 'content' },
  { path: '/airbnb-automation', kind: 'content' },
  { path: '/social-media-empire', kind: 'content' },
  { path: '/starter-website-package', kind: 'content' },
  { path: '/advanced-website-package', kind: 'content' },
  { path: '/schedule-meeting', kind: 'content' },
  { path: '/contact', kind: 'content' },
  { path: '/purchase/starter', kind: 'content' },
  { path: '/checkout', kind: 'interactive' },
  { path: '/checkout/success', kind: 'interactive' },
  { path: '/checkout/starter', kind: 'interactive', handsOffTo: /\/pay\// },
  { path: '/checkout/advanced', kind: 'interactive', handsOffTo: /\/pay\// },
  { path: '/onboarding/1', kind: 'interactive' },
  { path: '/onboarding-starter/1', kind: 'interactive' },
  { path: '/onboarding-advanced/1', kind: 'interactive' },
  { path: '/onboarding-social-media/1', kind: 'interactive' },
  { path: '/onboarding-ai-agent/1', kind: 'interactive' },
  { path: '/dashboard', kind: 'interactive' },
  { path: '/test-checkout', kind: 'interactive' },
  { path: '/test-purchase-flow', kind: 'interactive' },
  { path: '/client-onboarding', kind: 'interactive' },
  { path: '/admin', kind: 'interactive' },
];
