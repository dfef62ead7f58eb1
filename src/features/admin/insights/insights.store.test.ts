import { describe, expect, it } from 'vitest';
import { holdRequests, useFetchRoutes } from '../../../testing/fetch-routes';
import { $insights, $insightsRange, chooseRange, mountInsights } from './insights.store';

const { routes, calls } = useFetchRoutes();

const answer = (range: string) => ({ body: { range, from: '2026-11-26', to: '2026-12-02' } });

describe('choosing a time range', () => {
  it('loads a range chosen while the first load is still under way, once it ends', async () => {
    routes['GET /api/admin/insights?range=30d'] = answer('30d');
    routes['GET /api/admin/insights?range=7d'] = answer('7d');
    const release = holdRequests();
    $insightsRange.set('30d');
    const unmount = mountInsights();
    const chosen = chooseRange('7d');
    release();
    await chosen;
    expect(calls.map((c) => c.url)).toEqual([
      '/api/admin/insights?range=30d',
      '/api/admin/insights?range=7d',
    ]);
    expect($insights.get().result?.range).toBe('7d');
    expect($insights.get().busy).toBe(false);
    unmount();
  });

  it('loads a range chosen when nothing is loading at once', async () => {
    routes['GET /api/admin/insights?range=90d'] = answer('90d');
    await chooseRange('90d');
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/insights?range=90d']);
    expect($insights.get().result?.range).toBe('90d');
  });
});
