/**
 * Takes over the message that reports a form the browser submitted itself (before its island
 * hydrated, or with no JavaScript): the function sent the visitor back here with the outcome
 * in the address (src/lib/native-form.ts), and the page already shows that outcome's message
 * from its own HTML (NativeResultTexts.astro, via CSS `:target`).
 *
 * Here the message stays shown once the address loses the outcome (so a reload is quiet) and
 * takes focus when nothing else has it (so screen readers read it out). The island, once
 * hydrated, drops the messages (dropNativeResults): it reports its own submissions.
 *
 * The Toaster's code calls announceNativeResults() when it loads, which it does at once on a
 * page whose address has a query: the pages carry no script of their own for a post that
 * rarely happens, and none of this needs the island or React.
 */
import { nativeResultId, readNativeFormResult } from '../../lib/native-form';

export type NativeResultTexts = {
  success: { title: string; description: string };
  /** The server refused what was typed. */
  invalid: string;
  /** Anything else went wrong (too many requests, the service unavailable). */
  failed: string;
};

/** The element NativeResultTexts.astro renders around a form's messages, naming the form. */
const NATIVE_RESULT_SELECTOR = '[data-native-result]';
const NOTE_SELECTOR = '.native-result__note';

function takeOverNativeResult(form: string): void {
  const { outcome, cleaned } = readNativeFormResult(new URL(window.location.href), form);
  if (cleaned !== window.location.pathname + window.location.search + window.location.hash) {
    history.replaceState(history.state, '', cleaned);
  }
  const note = outcome && document.getElementById(nativeResultId(form, outcome));
  if (!note) return;
  // The cleaned address no longer targets the message; the attribute keeps it on screen.
  note.dataset.shown = '';
  // Focus makes screen readers read it, unless the visitor has already moved on.
  if (document.activeElement === document.body || document.activeElement === null) {
    note.focus({ preventScroll: true });
  }
}

/** Takes over the outcome message of each form on the page whose address reports one. */
export function announceNativeResults(): void {
  for (const el of document.querySelectorAll<HTMLElement>(NATIVE_RESULT_SELECTOR)) {
    const form = el.dataset.nativeResult;
    if (form) takeOverNativeResult(form);
  }
}

/**
 * Removes `form`'s outcome messages from the page once its island has taken the form over,
 * keeping the one on screen unless `all`: from then on the island's own notices report what
 * it sends, and their words are nowhere else in the page. `all` is for the island's first
 * submission, after which the earlier outcome no longer applies.
 */
export function dropNativeResults(form: string, { all = false } = {}): void {
  const group = document.querySelector(`[data-native-result="${CSS.escape(form)}"]`);
  for (const note of group?.querySelectorAll<HTMLElement>(NOTE_SELECTOR) ?? []) {
    if (all || !(note.matches(':target') || note.hasAttribute('data-shown'))) note.remove();
  }
}
