import { atom } from 'nanostores';
import { errorMessage } from '../../../lib/error-message';
import { requestAction } from '../../../lib/request-action';
import { sendRequest } from '../../../lib/request-json';
import { ADMIN_REQUEST_HEADERS } from '../admin';
import { adminFetch, downloadedFile, saveFile } from '../shell/api';
import type { Insights, RangeKey } from '../../insights/insights';

export const INSIGHTS_ERROR = 'The insights could not be loaded. Please try again.';
export const INSIGHTS_CSV_ERROR = 'The CSV file could not be made. Please try again.';

const url = (range: RangeKey, format: 'json' | 'csv') =>
  `/api/admin/insights?range=${range}${format === 'csv' ? '&format=csv' : ''}`;

export const $insightsRange = atom<RangeKey>('30d');

const insights = requestAction(
  (range: RangeKey) => adminFetch<Insights>(url(range, 'json')),
  (error) => errorMessage(error, INSIGHTS_ERROR),
);

export const $insights = insights.$state;

const csv = requestAction(
  async (range: RangeKey) => {
    const res = await sendRequest('GET', url(range, 'csv'), undefined, {
      headers: { ...ADMIN_REQUEST_HEADERS },
    });
    saveFile(await downloadedFile(res, `insights-${range}.csv`));
  },
  (error) => errorMessage(error, INSIGHTS_CSV_ERROR),
);

export const $insightsCsv = csv.$state;

/** Loads the chosen range; a range chosen while a load is under way is loaded right after it. */
let loading: Promise<void> | undefined;
function loadChosenRange(): Promise<void> {
  loading ??= (async () => {
    let range: RangeKey;
    do {
      range = $insightsRange.get();
      await insights.run(range);
    } while (range !== $insightsRange.get());
  })().finally(() => (loading = undefined));
  return loading;
}

export function chooseRange(range: RangeKey): Promise<void> {
  $insightsRange.set(range);
  return loadChosenRange();
}

export const downloadInsightsCsv = () => void csv.run($insightsRange.get());

/** The section is on screen: its figures are asked for afresh; forgotten when it closes. */
export function mountInsights(): () => void {
  insights.reset();
  csv.reset();
  void loadChosenRange();
  return insights.reset;
}
