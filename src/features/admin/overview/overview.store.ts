import { errorMessage } from '../../../lib/error-message';
import { requestAction } from '../../../lib/request-action';
import { adminFetch } from '../shell/api';
import type { Overview } from './overview.server';

export const OVERVIEW_ERROR = 'The overview could not be loaded. Please try again.';

const overview = requestAction(
  () => adminFetch<Overview>('/api/admin/overview'),
  (error) => errorMessage(error, OVERVIEW_ERROR),
);

export const $overview = overview.$state;

// Forgotten when the tab closes: reopened (or after another sign-in) it never shows old figures.
export function mountOverview(): () => void {
  overview.reset();
  void overview.run();
  return overview.reset;
}
