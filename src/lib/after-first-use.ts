// Also sees a use from before this script arrived: AfterPaint.astro's inline script marks <html>
// with `data-visitor-active` (markFirstUse in early-presses.ts).
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
