import { atom } from 'nanostores';
import { requestAction } from '../../../lib/request-action';
import type { ErasureView, PersonFoundView } from '../admin';
import { AdminApiError, adminDownload, adminFetch, saveFile } from '../shell/api';
import { withStepUp } from '../security/second-factor.store';

export type PersonState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found'; person: PersonFoundView }
  | { state: 'erased'; email: string; result: ErasureView };

export const $person = atom<PersonState>({ state: 'idle' });
export const $personError = atom('');

const sentence = (error: unknown) =>
  error instanceof AdminApiError ? error.message : 'That did not work. Please try again.';
const failed = (error: unknown) => $personError.set(sentence(error));

// The address always goes in a POST body: URLs end up in CDN and log-drain logs.
export async function findPerson(email: string): Promise<void> {
  $personError.set('');
  $person.set({ state: 'loading' });
  try {
    const person = await adminFetch<PersonFoundView>('/api/admin/people', {
      method: 'POST',
      body: { email: email.trim() },
    });
    $person.set({ state: 'found', person });
  } catch (error) {
    $person.set({ state: 'idle' });
    failed(error);
  }
}

export async function exportPerson(email: string, table?: string): Promise<void> {
  $personError.set('');
  try {
    const file = await withStepUp(() =>
      adminDownload(
        '/api/admin/people/export',
        { email, ...(table ? { table } : {}) },
        table ? `personal-data-${table}.csv` : 'personal-data.json',
      ),
    );
    if (file) saveFile(file);
  } catch (error) {
    failed(error);
  }
}

const erasure = requestAction(
  (email: string, confirm: string) =>
    withStepUp(() =>
      adminFetch<ErasureView>('/api/admin/people/erase', {
        method: 'POST',
        body: { email, confirm },
      }),
    ),
  sentence,
);

export const $erasure = erasure.$state;

export async function erasePerson(email: string, confirm: string): Promise<boolean> {
  if ($erasure.get().busy) return false;
  $personError.set('');
  const result = await erasure.run(email, confirm);
  const { error } = $erasure.get();
  if (error) $personError.set(error);
  if (!result) return false;
  $person.set({ state: 'erased', email, result });
  return true;
}
