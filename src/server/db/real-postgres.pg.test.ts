/**
 * The real-Postgres suite (`npm run test:pg`, part of `npm test`): the database-touching
 * paths that PGlite cannot prove, since PGlite runs every query of a process through one
 * session. Against a throwaway PostgreSQL server, with both drivers the site runs on:
 * - node-postgres (`npm run dev`'s local database, DATABASE_URL);
 * - drizzle's Netlify driver over Neon's serverless driver, built by `@netlify/database`'s
 *   own getDatabase() exactly as in a deployed function (HTTP for single queries, WebSocket
 *   for transactions), reaching Postgres through src/testing/neon-local-proxy.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { neonConfig } from '@neondatabase/serverless';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireCheckout, fulfillCheckout } from '../../features/checkout/checkout.server';
import type { ProviderSession, PaymentProvider } from '../payments/provider';
import { deliverDue } from '../mail/delivery';
import { enqueueEmail } from '../mail/outbox';
import type { MailTransport } from '../mail/smtp-transport';
import { hit } from '../rate-limit';
import {
  startNeonLocalProxy,
  neonConfigFor,
  type NeonLocalProxy,
} from '../../testing/neon-local-proxy';
import {
  createMigratedDatabase,
  startPostgres,
  type PostgresServer,
} from '../../testing/postgres-server';
import { storeCheckoutSession } from '../../testing/checkout-fixtures';
import { openDatabase, type Db } from './client';
import { isDatabaseUnavailable } from './unavailable';
import { decodeCursor } from './list-query';
import { listContactMessages } from '../../features/contact/contact.server';
import { seedAdminBench } from '../../testing/admin-bench-seed';
import { contactMessages, emailOutbox, orders } from './schema';

let server: PostgresServer;
let proxy: NeonLocalProxy;

beforeAll(async () => {
  server = await startPostgres();
  proxy = await startNeonLocalProxy(server.url);
  Object.assign(neonConfig, neonConfigFor(proxy));
}, 120_000);

afterAll(async () => {
  delete process.env.NETLIFY_DB_URL;
  delete process.env.NETLIFY_DB_DRIVER;
  await proxy?.close();
  await server?.stop();
});

type Driver = { name: string; open: (url: string) => ReturnType<typeof openDatabase> };

const drivers: Driver[] = [
  { name: 'node-postgres', open: (url) => openDatabase({ kind: 'postgres', url }) },
  {
    name: 'Netlify driver over Neon serverless (HTTP + WebSocket)',
    open: async (url) => {
      // What a deployed function sees: the platform's variables, which @netlify/database reads
      // again on every HTTP query (so they stay set for the rest of the file).
      process.env.NETLIFY_DB_URL = url;
      process.env.NETLIFY_DB_DRIVER = 'serverless';
      return openDatabase({ kind: 'netlify' });
    },
  },
];

function paidSession(id: string): ProviderSession {
  return {
    id,
    status: 'complete',
    paymentStatus: 'paid',
    customerEmail: 'zoe@example.com',
    customerName: 'Zoë',
    paymentIntentId: `pi_${id}`,
    subscriptionId: null,
    customerId: null,
    amountTotalCents: null,
  };
}

const provider: PaymentProvider = {
  name: 'stripe',
  createCheckout: () => Promise.reject(new Error('not used')),
  retrieveSession: async ({ id }) => paidSession(id),
};

describe.each(drivers)('real PostgreSQL with $name', (driver) => {
  let db: Db;
  let close: () => Promise<void>;
  let url: string;

  beforeAll(async () => {
    url = await createMigratedDatabase(server, `suite_${drivers.indexOf(driver)}`);
    ({ db, close } = await driver.open(url));
  }, 120_000);
  afterAll(() => close?.());

  it('passes the schema check and round-trips a row with its timestamp', async () => {
    const [row] = await db
      .insert(contactMessages)
      .values({ name: 'Ada', email: 'ada@example.com', message: 'Hello from a real server' })
      .returning();
    const [read] = await db.select().from(contactMessages).where(eq(contactMessages.id, row!.id));
    expect(read?.createdAt).toBeInstanceOf(Date);
    expect(read?.status).toBe('new');
  });

  it('survives the server terminating a connection in the middle of a transaction', async () => {
    // What a restart, failover or suspend does to a request half-way through its transaction.
    // Without a listener on the checked-out connection this ends the process (Vitest reports
    // the uncaught exception and fails the run).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const sleeping = `SELECT pid FROM pg_stat_activity
      WHERE query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()`;
    try {
      const inFlight = db
        .transaction(async (tx) => {
          await tx.insert(contactMessages).values({
            name: 'Mid-transaction',
            email: 'mid-transaction@example.com',
            message: 'Rolled back by the server when it terminates the connection',
          });
          await tx.execute(sql`SELECT pg_sleep(30)`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      for (let i = 0; i < 100 && !(await admin.query(sleeping)).rowCount; i++) await sleep(50);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM (${sleeping}) AS s`);
      const error = await inFlight;
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      // Rolled back, and the pool answers the next query on a new connection.
      const kept = eq(contactMessages.email, 'mid-transaction@example.com');
      expect(await db.$count(contactMessages, kept)).toBe(0);
    } finally {
      await admin.end();
    }
  });

  it('10 concurrent pays and 10 concurrent lookups of one session make 1 order and 1 confirmation', async () => {
    const id = `cs_race_${drivers.indexOf(driver)}`;
    await storeCheckoutSession(db, id);
    const pays = Array.from({ length: 10 }, () =>
      fulfillCheckout(id, { db, snapshot: paidSession(id) }),
    );
    const lookups = Array.from({ length: 10 }, () => fulfillCheckout(id, { db, provider }));
    const results = await Promise.all([...pays, ...lookups]);

    expect(results.every((r) => r.state === 'fulfilled')).toBe(true);
    expect(results.filter((r) => r.state === 'fulfilled' && r.created)).toHaveLength(1);
    expect(await db.$count(orders, eq(orders.checkoutSessionId, id))).toBe(1);
    expect(await db.$count(emailOutbox, eq(emailOutbox.to, 'zoe@example.com'))).toBe(1);
  });

  it('10 concurrent reports of one expiry, and two checkouts of one address, queue 1 reminder', async () => {
    const n = drivers.indexOf(driver);
    const expired = (id: string, email: string) => ({
      id,
      customerEmail: email,
      customerName: null,
      promotionsConsent: 'opt_in' as const,
      recoveryUrl: `https://checkout.stripe.com/c/pay/${id}`,
      recoveredFrom: null,
    });
    const one = `cs_expiry_race_${n}`;
    await storeCheckoutSession(db, one);
    const reports = await Promise.all(
      Array.from({ length: 10 }, () => expireCheckout(db, expired(one, `race-${n}@example.com`))),
    );
    expect(reports.filter((r) => r.state === 'expired' && r.reminder.queued)).toHaveLength(1);
    expect(await db.$count(emailOutbox, eq(emailOutbox.to, `race-${n}@example.com`))).toBe(1);

    // Two carts of one buyer expiring at the same moment: the address gets one reminder.
    const [a, b] = [`cs_expiry_pair_a_${n}`, `cs_expiry_pair_b_${n}`];
    await storeCheckoutSession(db, a);
    await storeCheckoutSession(db, b);
    await Promise.all([
      expireCheckout(db, expired(a, `pair-${n}@example.com`)),
      expireCheckout(db, expired(b, `Pair-${n}@Example.com`)),
    ]);
    expect(await db.$count(emailOutbox, eq(emailOutbox.kind, 'checkout.reminder'))).toBe(2);
  });

  it('concurrent outbox workers send each e-mail exactly once', async () => {
    const to = (i: number) => `worker-${drivers.indexOf(driver)}-${i}@example.com`;
    for (let i = 0; i < 24; i++) {
      await enqueueEmail(db, {
        kind: 'test',
        to: to(i),
        about: { emails: [to(i)] },
        subject: 's',
        text: 't',
        html: '<p>t</p>',
      });
    }
    const sent: string[] = [];
    const transport: MailTransport = {
      sendMail: async (message) => {
        // A slow SMTP answer keeps every worker's lease open while the others claim.
        await new Promise((r) => setTimeout(r, 5));
        sent.push(message.to);
      },
    };
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => deliverDue(db, { transport, limit: 10, from: 'a@b.c' })),
    );
    // A second round picks up whatever the first left (a worker takes at most 10).
    await deliverDue(db, { transport, limit: 50, from: 'a@b.c' });
    const mine = sent.filter((s) => s.startsWith(`worker-${drivers.indexOf(driver)}-`));
    expect(mine).toHaveLength(24);
    expect(new Set(mine).size).toBe(24);
    // Each worker kept to its batch (a subquery with LIMIT ... SKIP LOCKED once let one worker
    // claim 19 of 10), and the work was shared.
    expect(runs.every((r) => r.sent <= 10)).toBe(true);
    expect(runs.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
  });

  it('serves the admin lists from their indexes (sort key and status filter)', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Tiny tables are cheaper to scan; what matters is that the index can serve the order.
      await client.query('SET enable_seqscan = off');
      const plan = async (sql: string) =>
        (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      expect(await plan('SELECT * FROM orders ORDER BY created_at DESC, id DESC LIMIT 25')).toMatch(
        /Index Scan using orders_created_idx/,
      );
      expect(
        await plan(
          "SELECT * FROM contact_messages WHERE status = 'new' ORDER BY created_at DESC LIMIT 25",
        ),
      ).toMatch(/contact_messages_status_idx/);
      expect(await plan('SELECT * FROM order_items WHERE order_id = 1')).toMatch(
        /order_items_order_idx/,
      );
    } finally {
      await client.end();
    }
  });

  it('pages an admin list by cursor and estimates a long count, on this driver', async () => {
    await seedAdminBench(db, 1_500);
    const filter = { q: '', status: '', from: '', to: '' };
    const first = await listContactMessages(db, filter, { size: 50, count: true });
    expect(first.total?.exact).toBe(false); // over EXACT_COUNT_LIMIT: the planner's estimate
    expect(first.total!.count).toBeGreaterThan(1_000);
    const second = await listContactMessages(db, filter, {
      size: 50,
      after: decodeCursor(first.next!)!,
    });
    expect(second.rows[0]!.id).toBeLessThan(first.rows.at(-1)!.id);
    const back = await listContactMessages(db, filter, {
      size: 50,
      before: decodeCursor(second.previous!)!,
    });
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    const handled = await listContactMessages(
      db,
      { ...filter, status: 'handled' },
      { size: 10, count: true },
    );
    expect(handled.total).toEqual({ count: 500, exact: true });
  });

  it('rate-limit counters lose no hit under concurrency', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const key = `contact:203.0.113.${drivers.indexOf(driver)}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hit(db, key, { limit: 5, windowSeconds: 60 }, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(Math.max(...results.map((r) => r.count))).toBe(20);
    expect(new Set(results.map((r) => r.count)).size).toBe(20);
  });
});

describe('the Neon path', () => {
  it('sent single queries over HTTP and transactions over WebSockets', () => {
    expect(proxy.stats.httpQueries).toBeGreaterThan(10);
    expect(proxy.stats.webSockets).toBeGreaterThan(0);
  });
});
