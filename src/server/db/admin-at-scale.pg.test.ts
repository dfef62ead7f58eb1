/**
 * The admin's queries at 100,000 contact messages and orders on a real PostgreSQL server
 * (`npm run test:pg`): the plans of the real queries, as the site sends them, read from
 * EXPLAIN ANALYZE. Timings belong to `npm run bench:admin`; this checks what makes them flat:
 * lists and deep pages walk their index and stop after one page, searches use the trigram
 * index, counts stop at the limit, and the overview reads no table whole.
 * PRINT_PLANS=1 prints the plans.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOverview } from '../../features/admin/overview/overview.server';
import { listContactMessages } from '../../features/contact/contact.server';
import { itemsOfOrders, listOrders } from '../../features/orders/orders.server';
import {
  BENCH_RARE_CONTACT_WORD,
  BENCH_RARE_ORDER_WORD,
  seedAdminBench,
} from '../../testing/admin-bench-seed';
import { startPostgres, type PostgresServer } from '../../testing/postgres-server';
import { openDatabase, schema, type Db } from './client';
import { encodeCursor, type ListFilter } from './list-query';

const ROWS = 100_000;
const NO_FILTER: ListFilter = { q: '', status: '', from: '', to: '' };

let server: PostgresServer;
let pool: pg.Pool;
let db: Db;
const sent: { sql: string; params: unknown[] }[] = [];

beforeAll(async () => {
  server = await startPostgres();
  const seeding = await openDatabase({ kind: 'postgres', url: server.url });
  await seedAdminBench(seeding.db, ROWS);
  await seeding.close();
  pool = new pg.Pool({ connectionString: server.url });
  db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => void sent.push({ sql, params }) },
  }) as unknown as Db;
}, 300_000);

afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

/** EXPLAIN ANALYZE of every query `run` sends, in order. */
async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
  sent.length = 0;
  await run();
  // The count's own EXPLAIN (its estimate above the limit) is not explained again.
  const queries = sent.filter((q) => !/^explain/i.test(q.sql));
  const plans: string[] = [];
  for (const q of queries) {
    const { rows } = await pool.query(`EXPLAIN ANALYZE ${q.sql}`, q.params);
    plans.push(rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
  }
  if (process.env.PRINT_PLANS) for (const p of plans) console.log(`${p}\n`);
  return plans;
}

describe(`the admin at ${ROWS.toLocaleString('en-US')} rows`, () => {
  it('reads the first page from the sort index and counts no further than the limit', async () => {
    const [count, page] = await plansOf(() =>
      listContactMessages(db, NO_FILTER, { size: 20, count: true }),
    );
    // PostgreSQL 18 prints actual row counts with two decimals (rows=1001.00).
    expect(count).toMatch(/Limit .*rows=1001(\.00)? loops=1/);
    expect(page).toMatch(/Index Scan using contact_messages_created_idx/);
    expect(page).not.toMatch(/Sort|Seq Scan/);
  });

  it('reads a page 99,000 rows deep like the first: from the index, 21 rows', async () => {
    const { rows } = await pool.query(
      'SELECT created_at::text AS at, id FROM contact_messages ORDER BY created_at DESC, id DESC OFFSET 99000 LIMIT 1',
    );
    const after = { at: rows[0].at as string, id: rows[0].id as number };
    const [page] = await plansOf(() => listContactMessages(db, NO_FILTER, { size: 20, after }));
    expect(page).toMatch(/Index Scan using contact_messages_created_idx/);
    expect(page).toMatch(/Index Cond: \(ROW\(created_at, id\) < ROW\(/);
    expect(page).toMatch(/actual time=[\d.]+\.\.[\d.]+ rows=21(\.00)? loops=1/);
    expect(page).not.toMatch(/Sort|Seq Scan/);
    expect(encodeCursor(after)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('searches contact messages and orders through their trigram indexes', async () => {
    const contact = await plansOf(() =>
      listContactMessages(db, { ...NO_FILTER, q: BENCH_RARE_CONTACT_WORD }, { size: 20 }),
    );
    expect(contact.join('\n')).toMatch(/Bitmap Index Scan on contact_messages_search_idx/);
    const orders = await plansOf(() =>
      listOrders(db, { ...NO_FILTER, q: BENCH_RARE_ORDER_WORD }, { size: 20 }),
    );
    expect(orders[0]).toMatch(/Bitmap Index Scan on orders_search_idx/);
    expect(orders.join('\n')).not.toMatch(/Seq Scan/);
  });

  it('reads a CSV batch of 1,000 orders and their line items from indexes', async () => {
    const { rows } = await pool.query(
      'SELECT id FROM orders ORDER BY created_at DESC, id DESC LIMIT 1000',
    );
    const [items] = await plansOf(() =>
      itemsOfOrders(
        db,
        rows.map((r: { id: number }) => r.id),
      ),
    );
    expect(items).toMatch(/order_items_order_idx/);
    expect(items).not.toMatch(/Seq Scan/);
  });

  it('builds the overview without reading the big tables whole', async () => {
    const plans = (await plansOf(() => getOverview(db))).join('\n');
    expect(plans).not.toMatch(/Seq Scan on (orders|contact_messages)\b/);
    // The totals come from row_tallies, a few rows kept by triggers.
    expect(plans).toMatch(/row_tallies/);
  });
});
