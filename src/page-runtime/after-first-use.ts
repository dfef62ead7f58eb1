import { FIRST_USE_EVENTS, VISITOR_ACTIVE } from './runtime-contract';

export function afterFirstUse(task: () => void): void {
  if (document.documentElement.hasAttribute(VISITOR_ACTIVE)) return task();
  const onFirstUse = () => {
    for (const use of FIRST_USE_EVENTS) removeEventListener(use, onFirstUse);
    task();
  };
  for (const use of FIRST_USE_EVENTS) addEventListener(use, onFirstUse, { passive: true });
}
