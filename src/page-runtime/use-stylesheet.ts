// Panels few visitors open (cart, chat) carry their CSS in the island's module, adopted as a
// constructed stylesheet on mount: not inlined into every page, no request of its own on slow 4G,
// and the CSP (no 'unsafe-inline' styles) does not govern the CSSOM a script of ours builds.
import { useEffect, useState } from 'react';

const adopted = new Set<string>();

function adoptStylesheet(css: string): void {
  // Not on the server, nor where the DOM lacks adopted sheets (jsdom in unit tests).
  if (typeof document === 'undefined' || !('adoptedStyleSheets' in document)) return;
  if (adopted.has(css)) return;
  adopted.add(css);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** False on the server and while hydrating, so the HTML and the hydration agree; never unstyled. */
export function useStylesheet(css: string): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    adoptStylesheet(css);
    setReady(true);
  }, [css]);
  return ready;
}
