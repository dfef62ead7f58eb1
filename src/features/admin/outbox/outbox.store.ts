import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notifications';
import { requestAction } from '../../../lib/request-action';
import { adminFetch } from '../shell/api';
import type { AdminOutboxEmail } from './outbox.server';

export const RETRY_ERROR = 'The e-mail could not be retried. Please try again.';

export function createEmailRetry() {
  const retry = requestAction(
    async (id: number) => {
      const { email } = await adminFetch<{ email: AdminOutboxEmail }>(
        `/api/admin/outbox/${id}/retry`,
        { method: 'POST' },
      );
      return email;
    },
    (error) => errorMessage(error, RETRY_ERROR),
  );
  return {
    $state: retry.$state,
    retry: async (id: number, reload: () => void): Promise<void> => {
      const email = await retry.run(id);
      if (email) {
        notify({
          title: email.status === 'sent' ? 'E-mail sent' : 'E-mail queued again',
          description: email.lastError ? `Last error: ${email.lastError}` : `To ${email.to}`,
          variant: email.status === 'failed' ? 'destructive' : 'default',
        });
        reload();
        return;
      }
      const { error } = retry.$state.get();
      if (error) notify({ title: 'Error', description: error, variant: 'destructive' });
    },
  };
}

export type EmailRetry = ReturnType<typeof createEmailRetry>;
