export type OrderExport = {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  rowsDone: number;
  /** The orders matching when it started (the planner's estimate above 1,000, `totalExact` false). */
  totalRows: number;
  totalExact: boolean;
  parts: number;
  bytes: number;
  startedAt: string;
  finishedAt: string | null;
  /** When it is deleted (it holds personal data). */
  expiresAt: string;
};

const count = (n: number) => n.toLocaleString('en-US');

export function exportProgressText(e: OrderExport): string {
  if (e.state === 'failed') return 'The export failed. Please start it again.';
  if (e.state === 'done')
    return `Export ready: ${count(e.rowsDone)} ${e.rowsDone === 1 ? 'order' : 'orders'}.`;
  const total = `${e.totalExact ? '' : 'about '}${count(Math.max(e.totalRows, e.rowsDone))}`;
  return `Preparing export… ${count(e.rowsDone)} of ${total} orders`;
}
