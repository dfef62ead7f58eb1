/**
 * Whether an island's own stylesheet has arrived. The islands every page carries (cart panel,
 * chat) fetch their CSS with their code instead of inlining it into every page
 * (src/lib/load-stylesheet.ts), and show nothing styled before it is in. False on the server
 * and while hydrating, so the server's HTML and the hydration always agree.
 */
import { useEffect, useState } from 'react';
import { loadStylesheet } from '../../lib/load-stylesheet';

/** Starts fetching `href` as soon as the island's module loads in a browser (its prefetch). */
export function preloadStylesheet(href: string): void {
  if (typeof document !== 'undefined') void loadStylesheet(href);
}

export function useStylesheet(href: string): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    void loadStylesheet(href).then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [href]);
  return ready;
}
