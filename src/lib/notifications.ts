/**
 * The site's notification (toast) API. Any island or script calls `notify()`; the one
 * Toaster in the layout renders it. One notice is visible at a time; a new one replaces it.
 */
import { atom } from 'nanostores';

export const NOTIFICATION_DURATION_MS = 5000;

export type Notification = {
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
