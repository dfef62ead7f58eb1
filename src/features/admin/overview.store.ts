/**
 * The Overview tab's figures (OverviewView only reads `$overview` and calls `loadOverview`):
 * the key figures, the weekly charts, failed payments and the retention rules' last run.
 */
import { errorMessage } from '../../lib/error-message';
import { requestAction } from '../../lib/request-action';
import { adminFetch } from './api';
import type { Overview } from './overview.server';

export const OVERVIEW_ERROR = 'The overview could not be loaded. Please try again.';

const overview = requestAction(
  () => adminFetch<Overview>('/api/admin/overview'),
  (error) => errorMessage(error, OVERVIEW_ERROR),
);

/** `result` is the overview once loaded; `error` the sentence when it could not be. */
export const $overview = overview.$state;

/**
 * The tab is on screen: its figures are asked for afresh and shown as loading until they land;
 * the returned function forgets them when the tab closes, so a tab opened again (or the panel
 * after another sign-in) never shows the figures of before.
 */
export function mountOverview(): () => void {
  overview.reset();
  void overview.run();
  return overview.reset;
}
