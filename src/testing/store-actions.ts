/**
 * What an admin list action ends with once its request succeeded: the notice the admin reads,
 * the list reloaded once, and the action no longer busy.
 */
import type { ReadableAtom } from 'nanostores';
import { expect, type Mock } from 'vitest';
import { $notification, type NotifyInput } from '../lib/notifications';

export function expectToldAndReloaded(
  store: { $state: ReadableAtom<{ busy: boolean }> },
  reload: Mock,
  notice: Partial<NotifyInput>,
): void {
  expect($notification.get()).toMatchObject(notice);
  expect(reload).toHaveBeenCalledOnce();
  expect(store.$state.get().busy).toBe(false);
}
