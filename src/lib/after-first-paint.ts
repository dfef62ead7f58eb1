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
