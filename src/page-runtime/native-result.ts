// A natively posted form's message (NativeResultTexts.astro, shown by `:target`) stays once the
// address is cleaned and takes focus so screen readers read it. The Toaster loads this on a page
// with a query: no page carries a script of its own for a post that rarely happens.
import { nativeResultId, readNativeFormResult } from '../lib/native-form';

export type NativeResultTexts = {
  success: { title: string; description: string };
  invalid: string;
  failed: string;
};

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

export function announceNativeResults(): void {
  for (const el of document.querySelectorAll<HTMLElement>(NATIVE_RESULT_SELECTOR)) {
    const form = el.dataset.nativeResult;
    if (form) takeOverNativeResult(form);
  }
}

/** Keeps the one on screen unless `all` (the island's first submission makes it stale). */
export function dropNativeResults(form: string, { all = false } = {}): void {
  const group = document.querySelector(`[data-native-result="${CSS.escape(form)}"]`);
  for (const note of group?.querySelectorAll<HTMLElement>(NOTE_SELECTOR) ?? []) {
    if (all || !(note.matches(':target') || note.hasAttribute('data-shown'))) note.remove();
  }
}
