/**
 * Runs `task` once the visitor has used the page at all (scrolled, touched, pressed a key or
 * a pointer), including a use that came before this script arrived: AfterPaint.astro's inline
 * script marks <html> with `data-visitor-active` from the start (markFirstUse in
 * early-presses.ts). A visitor who scrolls while the page's scripts are still on their way
 * is the usual case on a phone; missing that scroll left the cart and the chat unfetched
 * until the press.
 */
const FIRST_USE = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
const MARK = 'data-visitor-active';

export function afterFirstUse(task: () => void): void {
  if (document.documentElement.hasAttribute(MARK)) return task();
  const onFirstUse = () => {
    for (const use of FIRST_USE) removeEventListener(use, onFirstUse);
    task();
  };
  for (const use of FIRST_USE) addEventListener(use, onFirstUse, { passive: true });
}
