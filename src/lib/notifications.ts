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

/** Holds while hovered or focused (WCAG 2.2.1: a reader can take longer than 5 s). */
export function pausableTimeout(callback: () => void, ms: number, now = () => Date.now()) {
  let remaining = ms;
  let started = now();
  let handle: ReturnType<typeof setTimeout> | undefined = setTimeout(callback, remaining);
  const holds = new Set<string>();
  return {
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
