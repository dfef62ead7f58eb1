// Not in after-first-paint.ts: only AfterPaint.astro imports that one, so Astro inlines it; a
// second importer would turn it into a file the page must fetch first.
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 200);
}
