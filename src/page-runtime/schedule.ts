// The first paint is not here: page.inline.ts waits for it, as it must run before any file.
export type Moment = 'first-use' | 'idle';

// Spelt here, checked against runtime-contract.ts (inline-script.test.ts): importing it would
// put it in a chunk of its own, one more file for every page.
export const FIRST_USE_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'];
export const VISITOR_ACTIVE = 'data-visitor-active';

function afterFirstUse(task: () => void): void {
  // The inlined script marks a use from before this file arrived.
  if (document.documentElement.hasAttribute(VISITOR_ACTIVE)) return task();
  const onFirstUse = () => {
    for (const use of FIRST_USE_EVENTS) removeEventListener(use, onFirstUse);
    task();
  };
  for (const use of FIRST_USE_EVENTS) addEventListener(use, onFirstUse, { passive: true });
}

export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}

/** Runs `task` once every moment has come, in order: `after(['first-use', 'idle'], load)`. */
export function after(moments: readonly Moment[], task: () => void): void {
  const [moment, ...rest] = moments;
  if (!moment) return task();
  const next = () => after(rest, task);
  if (moment === 'first-use') afterFirstUse(next);
  else whenIdle(next);
}
