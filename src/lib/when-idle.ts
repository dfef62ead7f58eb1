/*
 * Its own module, not in after-first-paint.ts: that one is imported only by AfterPaint.astro,
 * so Astro inlines it; a second importer would turn it into a file the page must fetch first.
 */
/**
 * Runs `task` when the browser next has nothing else to do (within `timeoutMs` at most), so
 * work a visitor may need soon does not compete with what they are doing now.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 200);
}
