// Spec: a step change "scrolls to top"; focus on the new step's heading has screen readers read it.
import { useEffect, useRef, type RefObject } from 'react';

export function StepProgress({
  label,
  value,
  max,
  ariaLabel,
}: {
  label: string;
  value: number;
  max: number;
  ariaLabel: string;
}) {
  return (
    <div className="ob-progress">
      <p className="ob-progress__label">{label}</p>
      <progress max={max} value={value} aria-label={ariaLabel} />
    </div>
  );
}

/** Only after a change marked with `willMove()`: a reload restoring a later step moves no focus. */
export function useStepFocus(
  step: unknown,
  heading: RefObject<HTMLElement | null>,
): { willMove: () => void; stay: () => void } {
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    // 'instant' overrides the global smooth scrolling, so the new step starts at the very top.
    window.scrollTo({ top: 0, behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, [step, heading]);
  return {
    willMove: () => {
      moved.current = true;
    },
    stay: () => {
      moved.current = false;
    },
  };
}
