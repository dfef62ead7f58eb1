/**
 * Which pages search engines should index. Private pages (transactions, onboarding, the
 * client dashboard, admin, the content editor, test pages, thin purchase screens) carry `noindex, nofollow`, are
 * left out of the sitemap, and are NOT disallowed in robots.txt (a crawler has to fetch a page
 * to see its noindex). Used by Seo.astro, the sitemap filter, the SEO spec and the Lighthouse
 * audit (which skips its "is-crawlable" check on these pages, since not being indexed is the
 * point).
 */
const PRIVATE_PATH =
  /^\/(admin|dashboard|checkout|client-onboarding|onboarding(-[\w-]+)?|test-[\w-]+|purchase|pay|keystatic|404)(\/|$)/;

export function isPrivatePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PRIVATE_PATH.test(path);
}
