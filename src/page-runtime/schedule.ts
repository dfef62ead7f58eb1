import { FIRST_USE_EVENTS, VISITOR_ACTIVE } from './runtime-contract';

// The first paint is not here: page.inline.ts waits for it, as it must run before any file.
export type Moment = 'first-use' | 'idle';

function afterFirstUse(task: () => void): void {
  // The inlined script marks a use from before this file arrived.
  if (document.documentElement.hasAttribute(VISITOR_ACTIVE)) return task();
  const onFirstUse = () => {
    for (const use of FIRST_USE_EVENTS) removeEventListener(use, onFirstUse);
    task();
  };
  for (const use of FIRST_USE_EVENTS) addEventListener(use, onFirstUse, { passive: true });
}

function whenIdle(task: () => void): void {
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
