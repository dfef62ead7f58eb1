/**
 * An island's own stylesheet, for the panels every page carries but few visitors open (cart,
 * chat): its rules travel inside the island's module (`import css from './x.css?inline'`)
 * instead of being inlined into every page's HTML, and are adopted as a constructed
 * stylesheet when the island mounts. No request of their own: on a phone over slow 4G a first
 * touch waited for the stylesheet as one more file behind the island's modules (HTTP/1.1 keeps
 * six connections to a host; the cart's seventh file waited a round trip for a free one).
 *
 * Constructed stylesheets are not inline styles: the pages' CSP (no 'unsafe-inline' for
 * styles) governs <style> elements, style attributes and fetched sheets, not the CSSOM a
 * script of ours builds.
 */
import { useEffect, useState } from 'react';

const adopted = new Set<string>();

/** Applies `css` to the document once. */
function adoptStylesheet(css: string): void {
  // Not on the server, nor where the DOM lacks adopted sheets (jsdom in unit tests).
  if (typeof document === 'undefined' || !('adoptedStyleSheets' in document)) return;
  if (adopted.has(css)) return;
  adopted.add(css);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/**
 * True once the island has mounted in the browser with its stylesheet applied; false on the
 * server and while hydrating, so the server's HTML and the hydration always agree and the
 * panel never shows unstyled.
 */
export function useStylesheet(css: string): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    adoptStylesheet(css);
    setReady(true);
  }, [css]);
  return ready;
}
