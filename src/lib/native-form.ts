/**
 * Forms that were submitted by the browser itself, before their island hydrated (progressive
 * enhancement): the function answers such a post with a 303 back to the form's page, and the
 * page announces the outcome with the island's own messages. Both sides read the outcome from
 * the page address through this module, so its parameters are named once.
 *
 * The address carries an outcome code, never a text: a crafted link can at most show one of
 * the form's own messages.
 */
const NATIVE_FORM_OUTCOMES = ['sent', 'invalid', 'failed'] as const;
export type NativeFormOutcome = (typeof NATIVE_FORM_OUTCOMES)[number];

export type FormPages = {
  /** The form's name in the returned address (`?form=contact`), and its elements' id stem. */
  form: string;
  /** The pages that carry the form; the first is where a post from elsewhere returns. */
  pages: readonly [string, ...string[]];
};

const FORM_PARAM = 'form';
const OUTCOME_PARAM = 'result';

/**
 * The id of the message in the page that reports `outcome` (NativeResultTexts.astro). The
 * returned address targets it, so CSS `:target` shows it from the page's own HTML: at once,
 * and without JavaScript.
 */
export function nativeResultId(form: string, outcome: NativeFormOutcome): string {
  return `${form}-${outcome}`;
}

/** The page address a native post returns to: `/contact?form=contact&result=sent#contact-sent`. */
export function nativeFormResultUrl(
  path: string,
  form: string,
  outcome: NativeFormOutcome,
): string {
  const query = new URLSearchParams({ [FORM_PARAM]: form, [OUTCOME_PARAM]: outcome });
  return `${path}?${query}#${nativeResultId(form, outcome)}`;
}

/**
 * The outcome `url` reports for `form` (null when it reports none), and the same address
 * without it, so a reload does not announce it again: a fragment pointing at one of the
 * form's messages points at the form instead.
 */
export function readNativeFormResult(
  url: URL,
  form: string,
): { outcome: NativeFormOutcome | null; cleaned: string } {
  const outcome = url.searchParams.get(OUTCOME_PARAM);
  if (url.searchParams.get(FORM_PARAM) !== form) return { outcome: null, cleaned: url.href };
  const cleanedUrl = new URL(url.href);
  cleanedUrl.searchParams.delete(FORM_PARAM);
  cleanedUrl.searchParams.delete(OUTCOME_PARAM);
  if (NATIVE_FORM_OUTCOMES.some((o) => cleanedUrl.hash === `#${nativeResultId(form, o)}`)) {
    cleanedUrl.hash = `${form}-form`;
  }
  const cleaned = cleanedUrl.pathname + cleanedUrl.search + cleanedUrl.hash;
  const known = NATIVE_FORM_OUTCOMES.find((o) => o === outcome) ?? null;
  return { outcome: known, cleaned };
}
