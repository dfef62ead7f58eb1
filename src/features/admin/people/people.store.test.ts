import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_UP_REQUIRED } from '../../../lib/admin-auth';
import { useFetchRoutes, holdRequests } from '../../../testing/fetch-routes';
import {
  $erasure,
  $person,
  $personError,
  erasePerson,
  exportPerson,
  findPerson,
} from './people.store';
import { $stepUp, cancelStepUp } from '../security/second-factor.store';

const { routes, calls } = useFetchRoutes();

afterEach(() => {
  $person.set({ state: 'idle' });
  $personError.set('');
  $stepUp.set(null);
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

describe('the address of the person looked up', () => {
  const FIND = 'POST /api/admin/people';
  const EXPORT = 'POST /api/admin/people/export';

  /** The browser's side of a download: the link the store clicks, and the file it names. */
  function catchDownloads() {
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:person');
    vi.stubGlobal('document', {
      createElement: () => {
        const link = {
          href: '',
          download: '',
          click: () => saved.push({ href: link.href, download: link.download }),
        };
        return link;
      },
    });
    return saved;
  }
  afterEach(() => vi.restoreAllMocks());

  it('goes in the body of a POST, never in the URL, for the lookup', async () => {
    routes[FIND] = { body: { email: 'ada@example.com', counts: { orders: 1 }, logos: null } };
    await findPerson(' ada@example.com ');
    expect(calls).toEqual([
      { method: 'POST', url: '/api/admin/people', body: { email: 'ada@example.com' } },
    ]);
    expect($person.get()).toMatchObject({ state: 'found', person: { counts: { orders: 1 } } });
  });

  it('goes in the body of a POST for the export, whose answer is saved as the file', async () => {
    const saved = catchDownloads();
    routes[EXPORT] = { text: '{"tables":{}}' };
    await exportPerson('ada@example.com');
    await exportPerson('ada@example.com', 'orders');
    expect(calls).toEqual([
      { method: 'POST', url: '/api/admin/people/export', body: { email: 'ada@example.com' } },
      {
        method: 'POST',
        url: '/api/admin/people/export',
        body: { email: 'ada@example.com', table: 'orders' },
      },
    ]);
    expect(saved).toEqual([
      { href: 'blob:person', download: 'personal-data.json' },
      { href: 'blob:person', download: 'personal-data-orders.csv' },
    ]);
    expect($personError.get()).toBe('');
  });

  it('is exported after a step-up, and nothing is saved when it is cancelled', async () => {
    const saved = catchDownloads();
    routes[EXPORT] = { status: 403, body: { error: STEP_UP_REQUIRED } };
    const exporting = exportPerson('ada@example.com');
    await vi.waitFor(() => expect($stepUp.get()).not.toBeNull());
    cancelStepUp();
    await exporting;
    expect(saved).toEqual([]);
    expect($personError.get()).toBe('');

    routes[EXPORT] = { status: 404, body: { error: 'Nothing is stored in that table.' } };
    await exportPerson('ada@example.com', 'orders');
    expect($personError.get()).toBe('Nothing is stored in that table.');
  });
});
