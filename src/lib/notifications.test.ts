import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import {
  $notification,
  dismiss,
  notify,
  NOTIFICATION_DURATION_MS,
  pausableTimeout,
} from './notifications';

afterEach(() => cleanStores($notification));

describe('notify', () => {
  it('shows one notice at a time with the default 5000 ms duration', () => {
    notify({ title: 'First' });
    const second = notify({
      title: 'Cart Cleared',
      description: 'All 2 item(s)',
      variant: 'destructive',
    });
    expect($notification.get()).toEqual(second);
    expect(second.durationMs).toBe(NOTIFICATION_DURATION_MS);
    expect(NOTIFICATION_DURATION_MS).toBe(5000);
    expect(second.variant).toBe('destructive');
  });

  it('dismisses only the notice it was asked to', () => {
    const first = notify({ title: 'First' });
    const second = notify({ title: 'Second' });
    dismiss(first.id);
    expect($notification.get()?.id).toBe(second.id);
    dismiss(second.id);
    expect($notification.get()).toBeNull();
  });
});

describe('pausableTimeout', () => {
  it('holds while hovered or focused and then runs for the time it had left', () => {
    vi.useFakeTimers();
    try {
      const done = vi.fn();
      const timer = pausableTimeout(done, 5_000);
      vi.advanceTimersByTime(3_000);
      timer.hold('hover');
      vi.advanceTimersByTime(60_000);
      expect(done).not.toHaveBeenCalled();
      timer.hold('focus');
      timer.release('hover');
      vi.advanceTimersByTime(60_000); // still focused
      expect(done).not.toHaveBeenCalled();
      timer.release('focus');
      vi.advanceTimersByTime(1_999);
      expect(done).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(done).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never fires once cancelled, held or not', () => {
    vi.useFakeTimers();
    try {
      const done = vi.fn();
      const timer = pausableTimeout(done, 1_000);
      timer.hold('hover');
      timer.cancel();
      timer.release('hover');
      vi.advanceTimersByTime(10_000);
      expect(done).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
