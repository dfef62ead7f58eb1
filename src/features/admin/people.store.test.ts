import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_UP_REQUIRED } from '../../lib/admin-auth';
import { useFetchRoutes, holdRequests } from '../../testing/fetch-routes';
import { $erasure, $person, $personError, erasePerson } from './people.store';
import { $stepUp, cancelStepUp } from './second-factor.store';

const { routes, calls } = useFetchRoutes();

afterEach(() => {
  $person.set({ state: 'idle' });
  $personError.set('');
  cleanStores($erasure, $person, $personError, $stepUp);
});

const ERASE = 'POST /api/admin/people/erase';
const erased = { counts: { contact_messages: 2, meeting_requests: 1 }, skipped: [] };

describe('erasing a person', () => {
  it('erases with the address typed again and shows what went', async () => {
    routes[ERASE] = { body: erased };
    await expect(erasePerson('ada@example.com', 'ada@example.com')).resolves.toBe(true);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/admin/people/erase',
        body: { email: 'ada@example.com', confirm: 'ada@example.com' },
      },
    ]);
    expect($person.get()).toEqual({ state: 'erased', email: 'ada@example.com', result: erased });
    expect($erasure.get().busy).toBe(false);
  });

  it('shows the server’s sentence and keeps the dialog open', async () => {
    routes[ERASE] = { status: 400, body: { error: 'The address typed again does not match.' } };
    await expect(erasePerson('ada@example.com', 'ad@example.com')).resolves.toBe(false);
    expect($personError.get()).toBe('The address typed again does not match.');
    expect($person.get()).toEqual({ state: 'idle' });

    routes[ERASE] = { body: erased };
    await erasePerson('ada@example.com', 'ada@example.com');
    expect($personError.get()).toBe('');
  });

  it('stays busy through the step-up, and does nothing when it is cancelled', async () => {
    routes[ERASE] = { status: 403, body: { error: STEP_UP_REQUIRED } };
    const erasing = erasePerson('ada@example.com', 'ada@example.com');
    await vi.waitFor(() => expect($stepUp.get()).not.toBeNull());
    expect($erasure.get().busy).toBe(true);
    cancelStepUp();
    await expect(erasing).resolves.toBe(false);
    expect($erasure.get()).toMatchObject({ busy: false, error: '' });
    expect($personError.get()).toBe('');
    expect($person.get()).toEqual({ state: 'idle' });
  });

  it('ignores a second press while the erasure runs', async () => {
    routes[ERASE] = { body: erased };
    const release = holdRequests();
    const first = erasePerson('ada@example.com', 'ada@example.com');
    expect($erasure.get().busy).toBe(true);
    await expect(erasePerson('ada@example.com', 'ada@example.com')).resolves.toBe(false);
    release();
    await expect(first).resolves.toBe(true);
    expect(calls).toHaveLength(1);
  });
});
