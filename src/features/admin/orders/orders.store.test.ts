import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFetchRoutes, holdRequests } from '../../../testing/fetch-routes';
import { createBillingSimulation, type BillingSimulation } from './orders.store';

const { routes, calls } = useFetchRoutes();
let stores: BillingSimulation[] = [];
const reload = vi.fn();

afterEach(() => {
  reload.mockReset();
  cleanStores(...stores.flatMap((s) => [s.$state, s.$message]));
  stores = [];
});

function simulation() {
  const store = createBillingSimulation();
  stores.push(store);
  return store;
}

const ROUTE = 'POST /api/test/simulate-billing';

describe('the simulated billing buttons', () => {
  it('runs the action on the order, announces what it did and reloads the list', async () => {
    routes[ROUTE] = { body: { message: 'The renewal payment failed; the client was e-mailed.' } };
    const store = simulation();
    await store.simulate(12, 'renewal-fails', reload);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/test/simulate-billing',
        body: { orderId: 12, action: 'renewal-fails' },
      },
    ]);
    expect(store.$message.get()).toBe('The renewal payment failed; the client was e-mailed.');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('announces the sentence of a failure, and keeps it until the next answer', async () => {
    routes[ROUTE] = { status: 409, body: { error: 'This order has no subscription.' } };
    const store = simulation();
    await store.simulate(12, 'renewal-fails', reload);
    expect(store.$message.get()).toBe('This order has no subscription.');
    expect(reload).not.toHaveBeenCalled();

    routes[ROUTE] = { body: { message: 'Renewed.' } };
    const release = holdRequests();
    const next = store.simulate(12, 'renew', reload);
    expect(store.$message.get()).toBe('This order has no subscription.');
    release();
    await next;
    expect(store.$message.get()).toBe('Renewed.');
  });

  it('is busy while an action runs and ignores another press', async () => {
    routes[ROUTE] = { body: { message: 'Renewed.' } };
    const store = simulation();
    const release = holdRequests();
    const first = store.simulate(12, 'renew', reload);
    expect(store.$state.get().busy).toBe(true);
    await store.simulate(12, 'refund', reload);
    release();
    await first;
    expect(calls).toHaveLength(1);
    expect(store.$state.get().busy).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });
});
