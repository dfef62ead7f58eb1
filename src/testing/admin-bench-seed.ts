/**
 * Bulk rows for `npm run bench:admin` (never imported by app code): `size` contact messages and
 * orders (one or two line items each), a tenth as many meeting requests, spread over the two
 * years before `now`. Built with generate_series in the database, so 100k rows take seconds.
 *
 * A few rows carry rare words, so a search has something specific to find:
 * `BENCH_RARE_CONTACT_WORD` in one contact message per 10,000, `BENCH_RARE_ORDER_WORD` in the
 * customer name of one order per 10,000.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';

export const BENCH_RARE_CONTACT_WORD = 'zanzibar';
export const BENCH_RARE_ORDER_WORD = 'quixote';

const TWO_YEARS_SECONDS = 2 * 365 * 24 * 3600;

export async function seedAdminBench(db: Db, size: number, now = new Date()): Promise<void> {
  const end = now.toISOString();
  // Row g is (size - g) / size of two years old, so ids and dates rise together as in real use.
  const at = (g: string) =>
    sql.raw(
      `timestamptz '${end}' - make_interval(secs => (${size} - ${g}) * ${TWO_YEARS_SECONDS}.0 / ${size})`,
    );
  await db.execute(sql`
    INSERT INTO contact_messages (name, email, phone, company, message, status, created_at)
    SELECT 'Visitor ' || g, 'visitor' || g || '@mail.test', '+1 202 555 ' || lpad((g % 10000)::text, 4, '0'),
      'Company ' || (g % 997),
      CASE WHEN g % 10000 = 7 THEN 'We need a site like ${sql.raw(BENCH_RARE_CONTACT_WORD)} for our shop'
        ELSE 'Hello, we would like a new website with an AI agent for our business number ' || g END,
      CASE WHEN g % 3 = 0 THEN 'handled' ELSE 'new' END,
      ${at('g')}
    FROM generate_series(1, ${size}) g`);
  await db.execute(sql`
    INSERT INTO meeting_requests (name, email, phone, company, meeting_type, preferred_date,
      preferred_time, timezone, message, status, created_at, updated_at)
    SELECT 'Lead ' || g, 'lead' || g || '@mail.test', '', 'Company ' || (g % 997), 'discovery',
      '2026-12-01', '9:30 AM', 'America/New_York', 'Call me please',
      (ARRAY['requested','confirmed','proposed','declined'])[1 + g % 4],
      ${at('g * 10')}, ${at('g * 10')}
    FROM generate_series(1, ${Math.max(1, Math.floor(size / 10))}) g`);
  await db.execute(sql`
    INSERT INTO orders (order_number, checkout_session_id, product_id, product_name, amount,
      stripe_payment_intent_id, customer_email, customer_name, status, items, mode, is_test,
      created_at, paid_at)
    SELECT 'ORD-B' || lpad(g::text, 7, '0'), 'cs_bench_' || g,
      CASE WHEN g % 2 = 0 THEN 'starter' ELSE 'lily-ai' END,
      CASE WHEN g % 2 = 0 THEN 'Starter Website Package' ELSE 'Lily AI Customer Service Agent' END,
      CASE WHEN g % 2 = 0 THEN 100000 ELSE 119900 END,
      'pi_bench_' || g, 'buyer' || g || '@mail.test',
      CASE WHEN g % 10000 = 3 THEN 'Don ${sql.raw(BENCH_RARE_ORDER_WORD)} ' || g ELSE 'Buyer ' || g END,
      (ARRAY['paid','paid','completed','pending','failed','refunded'])[1 + g % 6],
      '[]', 'payment', true, ${at('g')}, ${at('g')}
    FROM generate_series(1, ${size}) g`);
  await db.execute(sql`
    INSERT INTO order_items (order_id, product_id, name, type, billing_cycle, unit_amount_cents, quantity)
    SELECT id, product_id, product_name,
      CASE WHEN product_id = 'starter' THEN 'website' ELSE 'agent' END,
      CASE WHEN product_id = 'starter' THEN 'oneTime' ELSE 'monthly' END,
      CASE WHEN product_id = 'starter' THEN 100000 ELSE 19900 END, 1
    FROM orders WHERE checkout_session_id LIKE 'cs_bench_%'
    UNION ALL
    SELECT id, 'logo-design', 'Logo design', 'package', 'oneTime', 100000, 1
    FROM orders WHERE checkout_session_id LIKE 'cs_bench_%' AND product_id = 'lily-ai'`);
  // ANALYZE samples 300 x target rows at random; a sampled rare row that lands among the 101
  // histogram bounds made '%quixote%' look like 1 % of orders and the plan skip the trigram
  // index (1 ANALYZE in 60). A target of 1,000 reads up to 300,000 rows whole, so plans repeat.
  for (const table of ['contact_messages', 'orders']) {
    await db.execute(sql.raw(`ALTER TABLE ${table} ALTER COLUMN search_text SET STATISTICS 1000`));
  }
  // What autovacuum does to a table that has been in use: statistics and the visibility map.
  await db.execute(sql`VACUUM ANALYZE`);
}
