import { atom } from 'nanostores';
import { errorMessage } from '../../../lib/error-message';
import { requestAction } from '../../../lib/request-action';
import { adminFetch } from '../shell/api';

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
  const $message = atom('');
  return {
    $state: simulation.$state,
    $message,
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
