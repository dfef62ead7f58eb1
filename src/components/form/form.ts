// The forms work before their island hydrates: a submission meanwhile is held by the page and
// replayed once the island adopted what was typed (src/lib/early-presses.ts); without the island
// the browser posts to the same function (src/server/form-posts.ts).
import { useStore } from '@nanostores/react';
import { useId, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import type { FormValues, SubmittedForm } from './form-store';

export { fieldErrors, typedBeforeHydration, type FieldErrors } from './form-store';

// Spelt in src/lib/early-presses.ts too: importing it from there would make Astro load that
// script instead of inlining it.
export const AWAITS_ISLAND = 'data-awaits-island';

/**
 * `adopt` reads the controls in the hydration's own commit, before any render could write the
 * server's empty values back over them; a press the page held is then replayed once. A form of
 * uncontrolled inputs passes no `adopt`: its controls keep what was typed themselves.
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

  /** Until hydration the page holds a submission, and the browser posts it if the island never comes. */
  const props = { ref, ...(hydrated ? {} : { [AWAITS_ISLAND]: '' }) };
  return { ref, hydrated, props };
}

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
