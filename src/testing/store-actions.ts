/**
 * Admin list actions under test: the stores a test file makes, cleaned after each test with the
 * notice they left, and what an action ends with once its request succeeded (the notice the
 * admin reads, the list reloaded once, the action no longer busy).
 */
import { cleanStores, type ReadableAtom } from 'nanostores';
import { afterEach, expect, vi, type Mock } from 'vitest';
import { $notification, type NotifyInput } from '../lib/notifications';

type ActionStore = { $state: ReadableAtom<unknown> };

/**
 * The action stores a test file makes (through `make`) and the list `reload` it hands them,
 * reset after each test with the notice they left, so that no test sees another's.
 */
export function useActionStores() {
  const made: ActionStore[] = [];
  const reload = vi.fn();
  afterEach(() => {
    reload.mockReset();
    $notification.set(null);
    cleanStores($notification, ...made.map((s) => s.$state));
    made.length = 0;
  });
  function make<S extends ActionStore>(create: () => S): S {
    const store = create();
    made.push(store);
    return store;
  }
  return { make, reload };
}

export function expectToldAndReloaded(
  store: { $state: ReadableAtom<{ busy: boolean }> },
  reload: Mock,
  notice: Partial<NotifyInput>,
): void {
  expect($notification.get()).toMatchObject(notice);
  expect(reload).toHaveBeenCalledOnce();
  expect(store.$state.get().busy).toBe(false);
}
