/**
 * Presses on controls whose script has not run yet. Such a control carries
 * `data-awaits-script` in its HTML (the script loads after the first paint, see
 * AfterPaint.astro). A press on it meanwhile is held, and replayed once the scripts have
 * run, so a quick visitor's press is never lost and never half-handled by the browser
 * (a link followed, a form posted natively). Forms of islands that have not hydrated yet are
 * held the same way (see AWAITS_ISLAND).
 *
 * Imported only by AfterPaint.astro, so Astro inlines it there: holding must work before
 * any script file has arrived.
 */
const ATTRIBUTE = 'data-awaits-script';

/**
 * A form rendered by an island that has not hydrated carries this attribute. Its submission
 * is held ("submitted") for the island to replay (components/form/form.ts); if the island has
 * not taken over after ISLAND_WAIT_MS (its script failed or is still far away), a form with
 * an action is posted by the browser itself ("posted"), which the form's function answers
 * with a page. A form without one (a wizard's step) waits for its island however long it takes.
 */
export const AWAITS_ISLAND = 'data-awaits-island';
const ISLAND_WAIT_MS = 8000;

function holdFormsForTheirIslands(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute(AWAITS_ISLAND)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (form.getAttribute(AWAITS_ISLAND) === 'submitted') return;
      form.setAttribute(AWAITS_ISLAND, 'submitted');
      if (!form.hasAttribute('action')) return;
      setTimeout(() => {
        if (form.getAttribute(AWAITS_ISLAND) !== 'submitted') return;
        form.setAttribute(AWAITS_ISLAND, 'posted');
        form.submit();
      }, ISLAND_WAIT_MS);
    },
    { capture: true },
  );
}

export function holdEarlyPresses(): void {
  holdFormsForTheirIslands();
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const control = target?.closest(`[${ATTRIBUTE}]`);
      if (!(control instanceof HTMLElement)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      control.setAttribute(ATTRIBUTE, 'pressed');
    },
    { capture: true },
  );
}

export function releaseHeldPresses(): void {
  for (const control of document.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}]`)) {
    const pressed = control.getAttribute(ATTRIBUTE) === 'pressed';
    control.removeAttribute(ATTRIBUTE);
    if (pressed) control.click();
  }
}

/**
 * Marks <html> with `data-visitor-active` at the page's first use, for the scripts that load
 * after the first paint and fetch ahead of a press (src/lib/after-first-use.ts, which reads
 * the mark: a shared constant would make this inlined module a file of its own).
 */
export function markFirstUse(): void {
  const uses = ['wheel', 'touchstart', 'pointerdown', 'keydown'];
  const mark = () => {
    document.documentElement.setAttribute('data-visitor-active', '');
    for (const use of uses) removeEventListener(use, mark, true);
  };
  for (const use of uses) addEventListener(use, mark, { passive: true, capture: true });
}
