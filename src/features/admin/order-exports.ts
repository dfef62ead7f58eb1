/** The orders export as the panel sees it, and how its progress reads (browser-safe). */

export type OrderExport = {
  id: string;
  /** queued (waiting for the background function), running, done or failed. */
  state: 'queued' | 'running' | 'done' | 'failed';
  rowsDone: number;
  /** The orders matching when it started (the planner's estimate above 1,000, `totalExact` false). */
  totalRows: number;
  totalExact: boolean;
  /** Stored parts of the file, downloaded one after the other. */
  parts: number;
  bytes: number;
  startedAt: string;
  finishedAt: string | null;
  /** When it is deleted (it holds personal data). */
  expiresAt: string;
};

const count = (n: number) => n.toLocaleString('en-US');

/** The sentence the panel announces while an export is prepared, and when it is ready. */
export function exportProgressText(e: OrderExport): string {
  if (e.state === 'failed') return 'The export failed. Please start it again.';
  if (e.state === 'done')
    return `Export ready: ${count(e.rowsDone)} ${e.rowsDone === 1 ? 'order' : 'orders'}.`;
  const total = `${e.totalExact ? '' : 'about '}${count(Math.max(e.totalRows, e.rowsDone))}`;
  return `Preparing export… ${count(e.rowsDone)} of ${total} orders`;
}
