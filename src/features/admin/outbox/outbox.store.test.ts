import { describe, expect, it } from 'vitest';
import { $notification } from '../../../lib/notifications';
import { NETWORK_ERROR } from '../../../lib/request-json';
import { expectToldAndReloaded, useActionStores } from '../../../testing/store-actions';
import { useFetchRoutes, holdRequests } from '../../../testing/fetch-routes';
import type { AdminOutboxEmail } from './outbox.server';
import { createEmailRetry } from './outbox.store';

const { routes, calls } = useFetchRoutes();
const { make, reload } = useActionStores();
const emailRetry = () => make(createEmailRetry);

const answer = (email: Partial<AdminOutboxEmail>) => ({
  body: { email: { id: 3, to: 'ada@example.com', lastError: null, ...email } },
});

describe('retrying an e-mail', () => {
  it('sends it again, says so and reloads the list', async () => {
    routes['POST /api/admin/outbox/3/retry'] = answer({ status: 'sent' });
    const store = emailRetry();
    await store.retry(3, reload);
    expect(calls).toEqual([{ method: 'POST', url: '/api/admin/outbox/3/retry', body: undefined }]);
    expectToldAndReloaded(store, reload, {
      title: 'E-mail sent',
      description: 'To ada@example.com',
      variant: 'default',
    });
  });

  it('tells when the mail server refused it again, with its last error', async () => {
    routes['POST /api/admin/outbox/3/retry'] = answer({
      status: 'failed',
      lastError: '550 Mailbox unavailable',
    });
    const store = emailRetry();
    await store.retry(3, reload);
    expectToldAndReloaded(store, reload, {
      title: 'E-mail queued again',
      description: 'Last error: 550 Mailbox unavailable',
      variant: 'destructive',
    });
  });

  it('tells a failed request in a notice and keeps the list as it is', async () => {
    routes['POST /api/admin/outbox/3/retry'] = {
      status: 404,
      body: { error: 'E-mail not found.' },
    };
    await emailRetry().retry(3, reload);
    expect($notification.get()).toMatchObject({
      title: 'Error',
      description: 'E-mail not found.',
      variant: 'destructive',
    });
    expect(reload).not.toHaveBeenCalled();

    routes['POST /api/admin/outbox/3/retry'] = { network: true };
    await emailRetry().retry(3, reload);
    expect($notification.get()?.description).toBe(NETWORK_ERROR);
  });

  it('is busy ("Retrying...") while it runs and ignores a second press', async () => {
    routes['POST /api/admin/outbox/3/retry'] = answer({ status: 'sent' });
    const store = emailRetry();
    const release = holdRequests();
    const first = store.retry(3, reload);
    expect(store.$state.get().busy).toBe(true);
    await store.retry(3, reload);
    release();
    await first;
    expect(calls).toHaveLength(1);
    expect(reload).toHaveBeenCalledOnce();
  });
});
