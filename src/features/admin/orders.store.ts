/**
 * The orders rows' action (OrdersView only reads it and calls it): the simulated payment
 * provider's buttons (local runs only), e.g. a renewal that fails. A factory, as
 * admin.store.ts's lists: each row's buttons are busy on their own, so each row makes its own
 * action when it mounts.
 */
import { atom } from 'nanostores';
import { errorMessage } from '../../lib/error-message';
import { requestAction } from '../../lib/request-action';
import { adminFetch } from './api';

export const SIMULATE_ERROR = 'The simulated payment did not run. Please try again.';

export function createBillingSimulation() {
  const simulation = requestAction(
    async (orderId: number, action: string) => {
      const { message } = await adminFetch<{ message: string }>('/api/test/simulate-billing', {
        method: 'POST',
        body: { orderId, action },
      });
      return message;
    },
    (error) => errorMessage(error, SIMULATE_ERROR),
  );
  // What the last run said, announced until the next one answers (its sentence or the error).
  const $message = atom('');
  return {
    /** `busy` while a simulated action runs (the row's buttons are disabled meanwhile). */
    $state: simulation.$state,
    $message,
    /** Runs one simulated action on the order; the list reloads after a success. */
    simulate: async (orderId: number, action: string, reload: () => void): Promise<void> => {
      const message = await simulation.run(orderId, action);
      if (message !== undefined) {
        $message.set(message);
        reload();
        return;
      }
      const { error } = simulation.$state.get();
      if (error) $message.set(error);
    },
  };
}

export type BillingSimulation = ReturnType<typeof createBillingSimulation>;
