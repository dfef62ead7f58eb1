import { useLayoutEffect, useRef, useState } from 'react';
import { AWAITS_ISLAND } from './runtime-contract';

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
  return { ref, props };
}

/** Spread on a control the server renders: a press before hydration is held, then replayed here. */
export function useIslandControl<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [hydrated, setHydrated] = useState(false);

  useLayoutEffect(() => {
    const control = ref.current;
    if (!control) return;
    const held = control.getAttribute(AWAITS_ISLAND) === 'pressed';
    control.removeAttribute(AWAITS_ISLAND);
    setHydrated(true);
    if (held) queueMicrotask(() => control.click());
  }, []);

  return { ref, ...(hydrated ? {} : { [AWAITS_ISLAND]: '' }) };
}
