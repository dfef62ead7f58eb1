import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { useFetchRoutes } from '../../../testing/fetch-routes';
import type { CrmLeftView, PrivacyRequestAdminView } from '../admin';
import {
  $answer,
  $crmLeft,
  $requestNotice,
  $requests,
  answerRequest,
  loadRequests,
  markCrmDeleted,
} from './requests.store';

const { routes, calls } = useFetchRoutes();

afterEach(() => {
  $requests.set(null);
  $crmLeft.set([]);
  $requestNotice.set('');
  cleanStores($answer, $requests, $crmLeft, $requestNotice);
});

const LIST = 'GET /api/admin/privacy-requests';
const erase: PrivacyRequestAdminView = {
  id: 4,
  kind: 'erase',
  email: 'ada@example.com',
  requestedAt: '2026-11-01T10:00:00.000Z',
  dueAt: '2026-12-01T10:00:00.000Z',
  lastError: null,
  lastAttemptAt: null,
};
const left: CrmLeftView = {
  id: 4,
  locationIds: ['LOC1'],
  erasedAt: '2026-11-02T10:00:00.000Z',
  erasedBy: 'owner',
};

describe('clients’ requests in the person view', () => {
  it('answers an erasure, says what it did, and reloads the list', async () => {
    routes[LIST] = { body: { requests: [], crmLeft: [] } };
    routes['POST /api/admin/privacy-requests/4/answer'] = {
      body: { kind: 'erase', erased: { counts: { clients: 1 }, skipped: [], crmLeft: [] } },
    };
    await answerRequest(erase);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/admin/privacy-requests/4/answer', { leave: [] }],
      ['GET', '/api/admin/privacy-requests', undefined],
    ]);
    expect($requestNotice.get()).toBe('Erased ada@example.com and told them so.');
    expect($requests.get()).toEqual([]);
  });

  it('keeps a failed answer’s sentence and shows the request again with its reason', async () => {
    const failed = { ...erase, lastError: 'Stripe refused to delete the customer: down' };
    routes[LIST] = { body: { requests: [failed], crmLeft: [] } };
    routes['POST /api/admin/privacy-requests/4/answer'] = {
      status: 502,
      body: { error: 'Stripe refused to delete the customer: down The request stays open.' },
    };
    await answerRequest(erase);
    expect($answer.get().error).toBe(
      'Stripe refused to delete the customer: down The request stays open.',
    );
    expect($requestNotice.get()).toBe('');
    expect($requests.get()).toEqual([failed]);
  });

  it('erases leaving the CRM account only when asked, and lists it as a to-do until marked deleted', async () => {
    routes[LIST] = { body: { requests: [], crmLeft: [left] } };
    routes['POST /api/admin/privacy-requests/4/answer'] = {
      body: { kind: 'erase', erased: { counts: {}, skipped: ['crm'], crmLeft: ['LOC1'] } },
    };
    await answerRequest(erase, { leaveCrm: true });
    expect(calls[0]?.body).toEqual({ leave: ['crm'] });
    expect($requestNotice.get()).toBe(
      'Erased ada@example.com and told them so. Their GoHighLevel sub-account LOC1 is left: delete it there by hand.',
    );
    expect($crmLeft.get()).toEqual([left]);

    routes['POST /api/admin/privacy-requests/4/crm-deleted'] = { body: { done: true } };
    routes[LIST] = { body: { requests: [], crmLeft: [] } };
    await markCrmDeleted(left);
    expect($requestNotice.get()).toBe('Marked LOC1 as deleted in GoHighLevel.');
    expect($crmLeft.get()).toEqual([]);
  });

  it('says so when the list cannot be loaded', async () => {
    routes[LIST] = { status: 500, body: { error: 'Something went wrong on our side.' } };
    await loadRequests();
    expect($answer.get().error).toBe('Something went wrong on our side.');
    expect($requests.get()).toBeNull();
  });
});
