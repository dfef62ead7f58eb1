// The address carries an outcome code, never a text: a crafted link can at most show one of the
// form's own messages.
const NATIVE_FORM_OUTCOMES = ['sent', 'invalid', 'failed'] as const;
export type NativeFormOutcome = (typeof NATIVE_FORM_OUTCOMES)[number];

export type FormPages = {
  form: string;
  pages: readonly [string, ...string[]];
};

const FORM_PARAM = 'form';
const OUTCOME_PARAM = 'result';

/** The returned address targets this id, so CSS `:target` shows the message without JavaScript. */
export function nativeResultId(form: string, outcome: NativeFormOutcome): string {
  return `${form}-${outcome}`;
}

export function nativeFormResultUrl(
  path: string,
  form: string,
  outcome: NativeFormOutcome,
): string {
  const query = new URLSearchParams({ [FORM_PARAM]: form, [OUTCOME_PARAM]: outcome });
  return `${path}?${query}#${nativeResultId(form, outcome)}`;
}

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
