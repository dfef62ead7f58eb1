// Presses on `data-awaits-script` controls are held until the scripts ran, so no press is lost or
// half-handled natively. Imported only by AfterPaint.astro so Astro inlines it: holding must work
// before any script file has arrived.
const ATTRIBUTE = 'data-awaits-script';

// An unhydrated island's form is held; if the island has not taken over after ISLAND_WAIT_MS, a
// form with an action is posted natively, which its function answers with a page.
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

// after-first-use.ts reads the mark; sharing a constant would turn this inlined module into a file.
export function markFirstUse(): void {
  const uses = ['wheel', 'touchstart', 'pointerdown', 'keydown'];
  const mark = () => {
    document.documentElement.setAttribute('data-visitor-active', '');
    for (const use of uses) removeEventListener(use, mark, true);
  };
  for (const use of uses) addEventListener(use, mark, { passive: true, capture: true });
}
