/**
 * Announces the outcome of a form the browser submitted itself (before its island hydrated):
 * the function sent the visitor back here with it in the address (src/lib/native-form.ts).
 * Same notices as the island's, and the address loses the outcome so a reload is quiet.
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

export function announceNativeResult(form: string, texts: NativeResultTexts): void {
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
