// Inlined into every page by AfterPaint.astro, so it imports nothing and has no other importer
// (inline-script.test.ts checks both); its constants are checked against runtime-contract.ts.
export const AWAITS_SCRIPT = 'data-awaits-script';
export const AWAITS_ISLAND = 'data-awaits-island';
export const FIRST_USE_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'];
export const VISITOR_ACTIVE = 'data-visitor-active';

// An unhydrated island's form is held; if the island has not taken over by then, a form with an
// action is posted natively, which its function answers with a page.
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

/** A form awaiting its island holds its submission instead: its controls stay usable. */
const HELD_CONTROL = `[${AWAITS_SCRIPT}], [${AWAITS_ISLAND}]:not(form)`;

export function holdEarlyPresses(): void {
  holdFormsForTheirIslands();
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const control = target?.closest(HELD_CONTROL);
      if (!(control instanceof HTMLElement)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const awaits = control.hasAttribute(AWAITS_SCRIPT) ? AWAITS_SCRIPT : AWAITS_ISLAND;
      control.setAttribute(awaits, 'pressed');
    },
    { capture: true },
  );
}

export function releaseHeldPresses(): void {
  for (const control of document.querySelectorAll<HTMLElement>(`[${AWAITS_SCRIPT}]`)) {
    const pressed = control.getAttribute(AWAITS_SCRIPT) === 'pressed';
    control.removeAttribute(AWAITS_SCRIPT);
    if (pressed) control.click();
  }
}

/** Scripts that arrive later still see a use from before they came (schedule.ts). */
export function markFirstUse(): void {
  const mark = () => {
    document.documentElement.setAttribute(VISITOR_ACTIVE, '');
    for (const use of FIRST_USE_EVENTS) removeEventListener(use, mark, true);
  };
  for (const use of FIRST_USE_EVENTS) addEventListener(use, mark, { passive: true, capture: true });
}

// The paint itself is the signal, not a timer: a page whose clock is paused (tests of timed
// behaviour) must still get its controls bound.
export function afterFirstPaint(task: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    task();
  };

  // A prerendered page (speculation rules) is hidden until the click: start as the visitor opens it
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', start, { once: true });
    return;
  }

  // A background tab paints nothing until it is shown.
  if (document.visibilityState === 'hidden') return start();

  // Later than an animation-frame callback, which runs before the paint it precedes.
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
    // A first paint without content reports no paint entry.
    addEventListener('load', () => setTimeout(start, 1000), { once: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(start));
  }
}
