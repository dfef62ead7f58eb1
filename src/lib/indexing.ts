// Private pages are NOT disallowed in robots.txt: a crawler has to fetch a page to see its noindex.
const PRIVATE_PATH =
  /^\/(admin|dashboard|checkout|client-onboarding|onboarding(-[\w-]+)?|test-[\w-]+|purchase|pay|keystatic|404)(\/|$)/;

export function isPrivatePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PRIVATE_PATH.test(path);
}
