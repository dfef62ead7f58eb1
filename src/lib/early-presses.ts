/**
 * Presses on controls whose script has not run yet. Such a control carries
 * `data-awaits-script` in its HTML (the script loads after the first paint, see
 * AfterPaint.astro). A press on it meanwhile is held, and replayed once the scripts have
 * run, so a quick visitor's press is never lost and never half-handled by the browser
 * (a link followed, a form posted natively).
 *
 * Imported only by AfterPaint.astro, so Astro inlines it there: holding must work before
 * any script file has arrived.
 */
const ATTRIBUTE = 'data-awaits-script';

export function holdEarlyPresses(): void {
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
