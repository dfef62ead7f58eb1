/**
 * The site's notification (toast) API. Any island or script calls `notify()`; the one
 * Toaster in the layout renders it. One notice is visible at a time; a new one replaces it.
 */
import { atom } from 'nanostores';

export const NOTIFICATION_DURATION_MS = 5000;

type Notification = {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  durationMs: number;
};

export type NotifyInput = {
  title: string;
  description?: string;
  variant?: Notification['variant'];
  durationMs?: number;
};

export const $notification = atom<Notification | null>(null);

let nextId = 1;

export function notify(input: NotifyInput): Notification {
  const notification: Notification = {
    id: nextId++,
    title: input.title,
    variant: input.variant ?? 'default',
    durationMs: input.durationMs ?? NOTIFICATION_DURATION_MS,
    ...(input.description === undefined ? {} : { description: input.description }),
  };
  $notification.set(notification);
  return notification;
}

export function dismiss(id?: number) {
  const current = $notification.get();
  if (current && (id === undefined || current.id === id)) $notification.set(null);
}

/**
 * A notice's closing timer, which holds while the notice is hovered or has focus (WCAG 2.2.1:
 * a reader can take longer than 5 s) and then runs for the time it had left.
 */
export function pausableTimeout(callback: () => void, ms: number, now = () => Date.now()) {
  let remaining = ms;
  let started = now();
  let handle: ReturnType<typeof setTimeout> | undefined = setTimeout(callback, remaining);
  const holds = new Set<string>();
  return {
    /** Holds the timer for `reason` (e.g. "hover", "focus") until `release(reason)`. */
    hold(reason: string) {
      if (handle !== undefined && holds.size === 0) {
        clearTimeout(handle);
        handle = undefined;
        remaining -= now() - started;
      }
      holds.add(reason);
    },
    release(reason: string) {
      if (!holds.delete(reason) || holds.size > 0) return;
      started = now();
      handle = setTimeout(callback, Math.max(0, remaining));
    },
    cancel() {
      clearTimeout(handle);
      handle = undefined;
      holds.add('cancelled');
    },
  };
}
