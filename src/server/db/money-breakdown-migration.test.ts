/**
 * The migration that gave orders and plan invoices their breakdown (found by its data block,
 * whatever its number): rows that existed before keep every part they never recorded unknown
 * (NULL, not zero), except the simulated provider's and the test pages', which never had a
 * discount or tax; totals and the overview's tallies stay as they were.
 */
import { copyFile, mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteConnection } from '../../testing/pglite-connection';
import { applyMigrations, MIGRATIONS_DIR } from './migrations';

const DATA_BLOCK = '-- BEGIN DATA (p62-money)';

/** The migrations up to (not including) the one with the data block, and that one. */
async function migrationsAround(): Promise<{ before: string[]; money: string }> {
  const dir = path.resolve(MIGRATIONS_DIR);
  const names = (await readdir(dir)).filter((n) => /^\d+_.+\.sql$/.test(n)).sort();
  for (const [i, name] of names.entries()) {
    if ((await readFile(path.join(dir, name), 'utf8')).includes(DATA_BLOCK))
      return { before: names.slice(0, i), money: name };
  }
  throw new Error(`No migration holds ${DATA_BLOCK}`);
}

describe('the money breakdown migration', () => {
  it('leaves the unknown parts of existing orders and invoices NULL, and fills in the simulated ones', async () => {
    const { before, money } = await migrationsAround();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'money-migration-'));
    for (const name of before)
      await copyFile(path.resolve(MIGRATIONS_DIR, name), path.join(dir, name));
    const pg = new PGlite();
    const conn = pgliteConnection(pg);
    await applyMigrations(conn, dir);
    await pg.exec(`
      INSERT INTO orders (order_number, checkout_session_id, product_id, product_name, amount,
        stripe_payment_intent_id, customer_email, customer_name, status, items, is_test)
      VALUES
        ('NR-SIM', 'sim_cs_a', 'starter', 'Starter', 100000, 'sim_pi_a', 'a@x.test', 'A', 'paid', '[]', true),
        ('NR-LIVE', 'cs_live_b', 'starter', 'Starter', 108250, 'pi_b', 'b@x.test', 'B', 'paid', '[]', false);
      INSERT INTO subscriptions (provider, provider_subscription_id, status, plan, interval,
        amount_cents, last_event_at)
      VALUES ('simulated', 'sim_sub_1', 'active', 'P', 'month', 29900, now()),
             ('stripe', 'sub_2', 'active', 'P', 'month', 29900, now());
      INSERT INTO subscription_payments (provider_invoice_id, provider_subscription_id,
        billing_reason, status, amount_cents)
      VALUES ('sim_in_1', 'sim_sub_1', 'subscription_create', 'paid', 29900),
             ('in_2', 'sub_2', 'subscription_cycle', 'paid', 32367);
    `);
    const tallies = async () =>
      (await pg.query('SELECT * FROM row_tallies ORDER BY table_name, bucket')).rows;
    const talliesBefore = await tallies();

    await copyFile(path.resolve(MIGRATIONS_DIR, money), path.join(dir, money));
    await applyMigrations(conn, dir);

    const orders = await pg.query(
      `SELECT order_number, amount, subtotal_cents, discount_cents, discounts, tax_cents, taxes,
        invoice_id, refunded_cents FROM orders ORDER BY order_number`,
    );
    expect(orders.rows).toEqual([
      {
        order_number: 'NR-LIVE',
        amount: 108250,
        subtotal_cents: null,
        discount_cents: null,
        discounts: null,
        tax_cents: null,
        taxes: null,
        invoice_id: null,
        refunded_cents: 0,
      },
      {
        order_number: 'NR-SIM',
        amount: 100000,
        subtotal_cents: 100000,
        discount_cents: 0,
        discounts: [],
        tax_cents: 0,
        taxes: [],
        invoice_id: null,
        refunded_cents: 0,
      },
    ]);
    const invoices = await pg.query(
      `SELECT provider_invoice_id, amount_cents, currency, subtotal_cents, discount_cents, tax_cents,
        total_cents FROM subscription_payments ORDER BY provider_invoice_id`,
    );
    expect(invoices.rows).toEqual([
      {
        provider_invoice_id: 'in_2',
        amount_cents: 32367,
        currency: 'usd',
        subtotal_cents: null,
        discount_cents: null,
        tax_cents: null,
        total_cents: null,
      },
      {
        provider_invoice_id: 'sim_in_1',
        amount_cents: 29900,
        currency: 'usd',
        subtotal_cents: 29900,
        discount_cents: 0,
        tax_cents: 0,
        total_cents: 29900,
      },
    ]);
    expect(await tallies()).toEqual(talliesBefore);
    expect((await pg.query('SELECT count(*)::int AS n FROM refunds')).rows).toEqual([{ n: 0 }]);
    await pg.close();
  });
});
