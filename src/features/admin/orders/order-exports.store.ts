import { atom } from 'nanostores';
import { ADMIN_REQUEST_HEADERS } from '../admin';
import { AdminApiError, adminFetch, downloadedFile, listQueryString, saveFile } from '../shell/api';
import type { OrderExport } from './order-exports';
import { withStepUp } from '../security/second-factor.store';

export type OrderExportState = {
  current: OrderExport | null;
  busy: boolean;
  error: string;
};

export const $orderExport = atom<OrderExportState>({ current: null, busy: false, error: '' });

export const POLL_MS = 2_000;

const sentence = (error: unknown, fallback: string) =>
  error instanceof AdminApiError ? error.message : fallback;

let poll: ReturnType<typeof setTimeout> | undefined;

function stopPolling(): void {
  clearTimeout(poll);
  poll = undefined;
}

async function follow(id: string): Promise<void> {
  try {
    const current = await adminFetch<OrderExport>(`/api/admin/order-exports/${id}`);
    if ($orderExport.get().current?.id !== id) return;
    $orderExport.set({ ...$orderExport.get(), current });
    if (current.state === 'queued' || current.state === 'running')
      poll = setTimeout(() => void follow(id), POLL_MS);
  } catch (error) {
    $orderExport.set({
      ...$orderExport.get(),
      error: sentence(error, 'The export’s progress could not be read. Please try again.'),
    });
  }
}

export async function startOrderExport(filters: Record<string, string>): Promise<void> {
  stopPolling();
  $orderExport.set({ current: null, busy: true, error: '' });
  try {
    const started = await withStepUp(() =>
      adminFetch<OrderExport>(`/api/admin/order-exports?${listQueryString(filters)}`, {
        method: 'POST',
      }),
    );
    $orderExport.set({ current: started ?? null, busy: false, error: '' });
    if (started) poll = setTimeout(() => void follow(started.id), POLL_MS);
  } catch (error) {
    $orderExport.set({
      current: null,
      busy: false,
      error: sentence(error, 'The export could not be started. Please try again.'),
    });
  }
}

async function fetchPart(id: string, part: number): Promise<Response> {
  const res = await fetch(`/api/admin/order-exports/${id}/parts/${part}`, {
    credentials: 'same-origin',
    headers: ADMIN_REQUEST_HEADERS,
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new AdminApiError(res.status, body.error ?? `Download failed (${res.status}).`);
  }
  return res;
}

export async function downloadOrderExport(): Promise<void> {
  const current = $orderExport.get().current;
  if (current?.state !== 'done') return;
  $orderExport.set({ ...$orderExport.get(), busy: true, error: '' });
  try {
    const file = await withStepUp(async () => {
      const first = await downloadedFile(await fetchPart(current.id, 0), 'orders.csv');
      const rest: Blob[] = [];
      for (let part = 1; part < current.parts; part++)
        rest.push(await (await fetchPart(current.id, part)).blob());
      return { ...first, blob: new Blob([first.blob, ...rest], { type: 'text/csv' }) };
    });
    if (file) saveFile(file);
    $orderExport.set({ ...$orderExport.get(), busy: false });
  } catch (error) {
    $orderExport.set({
      ...$orderExport.get(),
      busy: false,
      error: sentence(error, 'The export could not be downloaded. Please try again.'),
    });
  }
}

/** The orders view is on screen; leaving it stops the polling (the export goes on). */
export function mountOrderExport(): () => void {
  const current = $orderExport.get().current;
  if (current && (current.state === 'queued' || current.state === 'running'))
    poll = setTimeout(() => void follow(current.id), 0);
  return stopPolling;
}
