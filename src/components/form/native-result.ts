/**
 * Announces the outcome of a form the browser submitted itself (before its island hydrated):
 * the function sent the visitor back here with it in the address (src/lib/native-form.ts).
 * Same notices as the island's, and the address loses the outcome so a reload is quiet.
 *
 * The form's texts wait in the page (NativeResultTexts.astro), and the Toaster's code calls
 * announceNativeResults() when it loads, which it does at once on a page whose address has a
 * query: the pages carry no script of their own for a post that rarely happens, and the
 * announcement needs neither the island nor React.
 */
import { readNativeFormResult } from '../../lib/native-form';
import { notify } from '../../lib/notifications';

export type NativeResultTexts = {
  success: { title: string; description: string };
  /** The server refused what was typed. */
  invalid: string;
  /** Anything else went wrong (too many requests, the service unavailable). */
  failed: string;
};

/** The element NativeResultTexts.astro renders: the form's name and its texts as JSON. */
const NATIVE_RESULT_SELECTOR = 'template[data-native-result]';

function announceNativeResult(form: string, texts: NativeResultTexts): void {
  const { outcome, cleaned } = readNativeFormResult(new URL(window.location.href), form);
  if (cleaned !== window.location.pathname + window.location.search + window.location.hash) {
    history.replaceState(history.state, '', cleaned);
  }
  if (outcome === 'sent') {
    notify({ title: texts.success.title, description: texts.success.description });
  } else if (outcome) {
    notify({
      title: 'Error',
      description: outcome === 'invalid' ? texts.invalid : texts.failed,
      variant: 'destructive',
    });
  }
}

/** Announces the outcome for each form on the page that left its texts there. */
export function announceNativeResults(): void {
  for (const el of document.querySelectorAll<HTMLTemplateElement>(NATIVE_RESULT_SELECTOR)) {
    const form = el.dataset.nativeResult;
    const texts = el.dataset.texts;
    if (form && texts) announceNativeResult(form, JSON.parse(texts) as NativeResultTexts);
  }
}
