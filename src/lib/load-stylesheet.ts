/**
 * Adds a same-origin stylesheet once and resolves when it has loaded (or failed: an unstyled
 * panel is better than none). Panels that React mounts on first use (cart, chat) fetch their
 * CSS this way, so it is not inlined into every page's HTML ahead of the first paint.
 */
const loading = new Map<string, Promise<void>>();

export function loadStylesheet(href: string): Promise<void> {
  let done = loading.get(href);
  if (!done) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    done = new Promise<void>((resolve) => {
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
    });
    document.head.append(link);
    loading.set(href, done);
  }
  return done;
}
