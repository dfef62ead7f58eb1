/**
 * Runs `task` once the browser has shown the page's first content. Code that only matters
 * when the visitor interacts starts here, so neither its download nor its evaluation stands
 * between the HTML and the first paint of the page's text (the LCP on a phone).
 *
 * The paint itself is the signal, not a timer: a page whose clock is paused (tests of timed
 * behaviour do that) must still get its controls bound. The one timer below is only the
 * fallback for a page whose first paint has no content, which never reports a paint entry.
 */
export function afterFirstPaint(task: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    task();
  };

  // A page the browser prerendered ahead of a click (src/lib/speculation-rules.ts) is hidden
  // until then, and what starts here must start as the visitor opens it, as if the page was
  // loaded at the click: the cart read from storage, the chat, the cookie banner's delay and
  // consent signals, the testimonial rotation, lazy video.
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', start, { once: true });
    return;
  }

  // A page opened in a background tab does not paint until it is shown; nothing to wait for.
  if (document.visibilityState === 'hidden') return start();

  // The paint entry arrives once the frame is on screen, after rasterisation: later than an
  // animation-frame callback, which runs before the paint it precedes.
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
    // A page whose first paint has no content never reports one: start a second after load.
    addEventListener('load', () => setTimeout(start, 1000), { once: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(start));
  }
}
