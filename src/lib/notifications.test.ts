import { afterEach, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import { $notification, dismiss, notify, NOTIFICATION_DURATION_MS } from './notifications';

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
