import { atom } from 'nanostores';
import { requestAction } from '../../../lib/request-action';
import type { CrmLeftView, ErasureView, PrivacyRequestAdminView } from '../admin';
import { AdminApiError, adminFetch } from '../shell/api';
import { withStepUp } from '../security/second-factor.store';

/** Requests not answered yet (null until loaded). */
export const $requests = atom<PrivacyRequestAdminView[] | null>(null);
export const $crmLeft = atom<CrmLeftView[]>([]);
export const $requestNotice = atom('');

const sentence = (error: unknown) =>
  error instanceof AdminApiError ? error.message : 'That did not work. Please try again.';

type Answer = { kind: 'export' | 'erase'; erased: ErasureView | null };

const answering = requestAction(
  (id: number, leave: 'crm'[]) =>
    withStepUp(() =>
      adminFetch<Answer>(`/api/admin/privacy-requests/${id}/answer`, {
        method: 'POST',
        body: { leave },
      }),
    ),
  sentence,
);

export const $answer = answering.$state;

export async function loadRequests(): Promise<void> {
  try {
    const { requests, crmLeft } = await adminFetch<{
      requests: PrivacyRequestAdminView[];
      crmLeft: CrmLeftView[];
    }>('/api/admin/privacy-requests');
    $requests.set(requests);
    $crmLeft.set(crmLeft);
  } catch (error) {
    answering.fail(sentence(error));
  }
}

function answered(request: PrivacyRequestAdminView, answer: Answer): string {
  if (answer.kind === 'export')
    return `Told ${request.email} that their data is ready in their dashboard.`;
  const left = answer.erased?.crmLeft ?? [];
  return left.length
    ? `Erased ${request.email} and told them so. Their GoHighLevel sub-account ${left.join(', ')} is left: delete it there by hand.`
    : `Erased ${request.email} and told them so.`;
}

export async function answerRequest(
  request: PrivacyRequestAdminView,
  { leaveCrm = false }: { leaveCrm?: boolean } = {},
): Promise<void> {
  if ($answer.get().busy) return;
  $requestNotice.set('');
  const answer = await answering.run(request.id, leaveCrm ? ['crm'] : []);
  if (answer) $requestNotice.set(answered(request, answer));
  await loadRequests();
}

export async function markCrmDeleted(todo: CrmLeftView): Promise<void> {
  answering.fail('');
  try {
    await adminFetch(`/api/admin/privacy-requests/${todo.id}/crm-deleted`, { method: 'POST' });
    $requestNotice.set(`Marked ${todo.locationIds.join(', ')} as deleted in GoHighLevel.`);
  } catch (error) {
    answering.fail(sentence(error));
  }
  await loadRequests();
}
