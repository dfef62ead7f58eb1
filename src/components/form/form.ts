/**
 * The React side of the form kit: islands read a form's stores (form-store.ts) and call its
 * actions; these hooks wire the controls to them and take over a server-rendered form.
 *
 * The forms work before their island hydrates: the server renders them enabled. A submission
 * meanwhile is held by the page and replayed by the island once it has adopted what was typed
 * (src/lib/early-presses.ts); without the island the browser posts the form to the same
 * function, which answers with the page and the outcome (src/server/form-posts.ts).
 */
import { useStore } from '@nanostores/react';
import { useId, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import type { FormValues, SubmittedForm } from './form-store';

export { fieldErrors, typedBeforeHydration, type FieldErrors } from './form-store';

/**
 * The attribute of a form whose island has not hydrated (src/lib/early-presses.ts spells it
 * too: importing it from there would make Astro load that script instead of inlining it).
 */
export const AWAITS_ISLAND = 'data-awaits-island';

/**
 * Takes over a server-rendered form when its island hydrates. `adopt` (a module-level store
 * action, so it never changes) reads what the controls hold. It runs in the hydration's own
 * commit, before the browser handles another event and before any render could write the
 * server's empty values back over the controls; nothing typed can land between reading the
 * controls and the store holding them. A press the page held meanwhile is then replayed once.
 * A form of uncontrolled inputs passes no `adopt`: its controls keep what was typed themselves.
 */
export function useIslandForm(adopt?: (form: HTMLFormElement) => void) {
  const ref = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);

  useLayoutEffect(() => {
    const form = ref.current;
    if (!form) return;
    adopt?.(form);
    const held = form.getAttribute(AWAITS_ISLAND) === 'submitted';
    form.removeAttribute(AWAITS_ISLAND);
    setHydrated(true);
    // After the commit, so React handles the submission like any other; the store already
    // holds the adopted values, whichever render comes first.
    if (held) queueMicrotask(() => form.requestSubmit());
  }, [adopt]);

  /**
   * The <form>'s props. Until hydration the page holds a submission for the island, and the
   * browser posts it itself if the island does not come and the form has an action.
   */
  const props = { ref, ...(hydrated ? {} : { [AWAITS_ISLAND]: '' }) };
  return { ref, hydrated, props };
}

/**
 * Binds a submitted form's store (form-store.ts `submittedForm`) to its controls: ids, values,
 * messages, the honeypot, and focus on the first invalid field after a press.
 */
export function useSubmittedForm<V extends FormValues & Record<string, string>>(
  store: SubmittedForm<V>,
  idPrefix: string,
) {
  const uid = useId();
  const id = (name: string) => `${idPrefix}-${name}-${uid}`;
  const values = useStore(store.$values);
  const errors = useStore(store.$errors);
  const sending = useStore(store.$sending);
  const website = useStore(store.$website);
  const island = useIslandForm(store.adoptFrom);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await store.submit();
    if (typeof outcome === 'object') document.getElementById(id(outcome.invalid))?.focus();
  }

  /** The props every field component takes for `name`. */
  const field = (name: keyof V & string) => ({
    id: id(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (v: string) => store.setField(name, v as V[typeof name]),
  });

  const honeypot = { id: id('website'), value: website, onChange: store.setWebsite };

  const form = { ...island.props, noValidate: true, onSubmit };

  return { values, field, honeypot, form, sending };
}
