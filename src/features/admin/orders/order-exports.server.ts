// A background job: Netlify ends a streamed response at 20 MB, so the file goes to Blobs in parts.
// Exports hold personal data: each belongs to its admin and is deleted EXPORT_TTL_MS after start.
import { randomBytes } from 'node:crypto';
import { recordSecurityEvent } from '../../../server/auth/security-log.ts';
import type { AdminSession } from '../../../server/auth/session.ts';
import type { Db } from '../../../server/db/client.ts';
import { decodeCursor, type Cursor } from '../../../server/db/list-query.ts';
import type { ExportStore } from '../../../server/exports/export-files.ts';
import { logError } from '../../../server/log.ts';
import { HttpError, withSecurityHeaders } from '../../../server/responses.ts';
import { startBackgroundFunction } from '../../../server/background.ts';
import { requireRecentFactor } from '../../../server/auth/guard.ts';
import type { ListQuery } from '../admin.ts';
import { CSV_BOM, csvHeader, csvRow } from '../../../lib/csv.ts';
import { CSV_BATCH_SIZE, parseListQuery } from '../shell/list.server.ts';
import { exportOrders, ORDER_CSV } from './order-export.server.ts';
import type { OrderExport } from './order-exports.ts';

export type { OrderExport };

/** Orders per stored part: about 1.3 MB of CSV, far below any response limit. */
export const PART_ROWS = 5_000;
/** How long an export is kept: a day to download it, then it is deleted. */
export const EXPORT_TTL_MS = 24 * 60 * 60 * 1000;
export const EXPORT_NOT_FOUND =
  'That export does not exist or has expired. Please start a new one.';

export const EXPORT_BACKGROUND_PATH = '/api/background/orders-export';

type StoredExport = OrderExport & { userId: number; filters: Filters };
type Filters = Pick<ListQuery, 'q' | 'status' | 'from' | 'to'>;

const ID = /^[A-Za-z0-9_-]{24}$/;
const statusKey = (id: string) => `${id}/status`;
const partKey = (id: string, part: number) => `${id}/part-${String(part).padStart(5, '0')}`;

async function readExport(store: ExportStore, id: string): Promise<StoredExport | null> {
  if (!ID.test(id)) return null;
  return ((await store.get(statusKey(id), { type: 'json' })) as StoredExport | null) ?? null;
}

const expired = (e: Pick<OrderExport, 'startedAt'>, now: Date) =>
  now.getTime() - new Date(e.startedAt).getTime() > EXPORT_TTL_MS;

const view = ({ userId: _userId, filters: _filters, ...shown }: StoredExport): OrderExport => shown;

/** Deletes every export started more than EXPORT_TTL_MS ago, and parts left without a status. */
export async function purgeExpiredExports(store: ExportStore, now = new Date()): Promise<number> {
  const { blobs } = await store.list({ prefix: '' });
  const ids = new Set(blobs.map((b) => b.key.split('/')[0]!));
  let removed = 0;
  for (const id of ids) {
    const stored = await readExport(store, id);
    if (stored && !expired(stored, now)) continue;
    await Promise.all(
      blobs.filter((b) => b.key.startsWith(`${id}/`)).map((b) => store.delete(b.key)),
    );
    removed++;
  }
  return removed;
}

export async function queueOrderExport(
  db: Db,
  store: ExportStore,
  input: { user: Pick<AdminSession, 'id' | 'username'>; q: ListQuery; ip: string | null },
  now = new Date(),
): Promise<OrderExport> {
  await purgeExpiredExports(store, now);
  const { total } = await exportOrders(db, input.q, { size: 1, count: true });
  const stored: StoredExport = {
    id: randomBytes(18).toString('base64url'),
    state: 'queued',
    rowsDone: 0,
    totalRows: total?.count ?? 0,
    totalExact: total?.exact ?? true,
    parts: 0,
    bytes: 0,
    startedAt: now.toISOString(),
    finishedAt: null,
    expiresAt: new Date(now.getTime() + EXPORT_TTL_MS).toISOString(),
    userId: input.user.id,
    filters: { q: input.q.q, status: input.q.status, from: input.q.from, to: input.q.to },
  };
  await store.setJSON(statusKey(stored.id), stored);
  await recordSecurityEvent(db, {
    event: 'data.exported',
    userId: input.user.id,
    username: input.user.username,
    ip: input.ip,
    detail: { list: '/api/admin/orders', via: 'background', export: stored.id },
  });
  return view(stored);
}

export async function failOrderExport(store: ExportStore, id: string): Promise<void> {
  const stored = await readExport(store, id);
  if (stored) await store.setJSON(statusKey(id), { ...stored, state: 'failed' });
}

/** The background function's work: only a queued export is built, once. */
export async function buildOrderExport(db: Db, store: ExportStore, id: string): Promise<void> {
  const queued = await readExport(store, id);
  if (!queued || queued.state !== 'queued') return;
  let status: StoredExport = { ...queued, state: 'running' };
  await store.setJSON(statusKey(id), status);
  const q = parseListQuery('orders', new URLSearchParams(queued.filters));
  try {
    let after: Cursor | undefined;
    let more = true;
    while (more) {
      let text = status.parts === 0 ? CSV_BOM + csvHeader(ORDER_CSV) : '';
      let rows = 0;
      while (more && rows < PART_ROWS) {
        const batch = await exportOrders(db, q, { size: CSV_BATCH_SIZE, after });
        for (const row of batch.rows) text += csvRow(ORDER_CSV, row);
        rows += batch.rows.length;
        after = batch.next ? (decodeCursor(batch.next) ?? undefined) : undefined;
        more = after !== undefined;
      }
      await store.set(partKey(id, status.parts), text);
      status = {
        ...status,
        parts: status.parts + 1,
        rowsDone: status.rowsDone + rows,
        bytes: status.bytes + Buffer.byteLength(text),
      };
      await store.setJSON(statusKey(id), status);
    }
    status = {
      ...status,
      state: 'done',
      totalRows: status.rowsDone,
      totalExact: true,
      finishedAt: new Date().toISOString(),
    };
  } catch (error) {
    logError('Order export failed', error);
    status = { ...status, state: 'failed' };
  }
  await store.setJSON(statusKey(id), status);
}

/** The export `id` of this admin as the panel polls it; someone else's or expired is a 404. */
export async function orderExportStatus(
  store: ExportStore,
  id: string,
  userId: number,
  now = new Date(),
): Promise<OrderExport> {
  const stored = await readExport(store, id);
  if (!stored || stored.userId !== userId || expired(stored, now))
    throw new HttpError(404, EXPORT_NOT_FOUND);
  return view(stored);
}

export async function orderExportPart(
  store: ExportStore,
  id: string,
  part: number,
  userId: number,
  now = new Date(),
): Promise<ReadableStream<Uint8Array>> {
  const done = await orderExportStatus(store, id, userId, now);
  if (done.state !== 'done') throw new HttpError(409, 'The export is not finished yet.');
  if (!Number.isSafeInteger(part) || part < 0 || part >= done.parts)
    throw new HttpError(404, EXPORT_NOT_FOUND);
  const stream = await store.get(partKey(id, part), { type: 'stream' });
  if (!stream) throw new HttpError(404, EXPORT_NOT_FOUND);
  return stream;
}

export const exportFileName = (e: Pick<OrderExport, 'startedAt'>) =>
  `orders-${e.startedAt.slice(0, 10)}.csv`;

type ExportRequest = {
  db: Db;
  user: AdminSession;
  url: URL;
  ip: string | null;
};

export async function startOrderExport(
  req: Request,
  admin: ExportRequest,
  store: ExportStore,
): Promise<OrderExport> {
  requireRecentFactor(admin.user);
  const q = parseListQuery('orders', admin.url.searchParams);
  const queued = await queueOrderExport(admin.db, store, { user: admin.user, q, ip: admin.ip });
  try {
    await startBackgroundFunction(req, EXPORT_BACKGROUND_PATH, { id: queued.id });
  } catch (error) {
    await failOrderExport(store, queued.id);
    throw error;
  }
  return queued;
}

export async function orderExportDownload(
  admin: ExportRequest,
  store: ExportStore,
  id: string,
  part: string,
): Promise<Response> {
  requireRecentFactor(admin.user);
  const index = /^\d{1,5}$/.test(part) ? Number(part) : -1;
  const done = await orderExportStatus(store, id, admin.user.id);
  const body = await orderExportPart(store, id, index, admin.user.id);
  return new Response(body, {
    status: 200,
    headers: withSecurityHeaders({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(done)}"`,
      'Cache-Control': 'no-store',
    }),
  });
}
