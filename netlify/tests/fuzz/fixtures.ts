/**
 * Fixtures of the fuzz engine (`setUpFixtures` / `tearDownFixtures`): simulated payments, CRM
 * and e-mail, a fresh PGlite database with a client, a paid order, a logo, an admin and seeded
 * rows. The other files read them through `fixtures()` once `setUpFixtures` has run.
 */
import { eq } from 'drizzle-orm';
import { TINY_PNG as PNG } from '../../../src/testing/images.ts';
import { seedAdminLists } from '../../../src/testing/admin-seed.ts';
import { priceCart } from '../../../src/features/checkout/checkout.ts';
import { createClientWithOrder } from '../../../src/testing/onboarding-fixtures.ts';
import { closeDb, type Db } from '../../../src/server/db/client.ts';
import { useFreshTestDb } from '../../../src/testing/test-db';
import { orderItems } from '../../../src/server/db/schema.ts';
import { storeCheckoutSession } from '../../../src/testing/checkout-fixtures.ts';
import { memoryLogoStore, saveLogo, setLogoStore } from '../../../src/server/uploads/logo.ts';
import { setBackgroundRunner } from '../../../src/server/background.ts';
import { memoryExportStore, setExportStore } from '../../../src/server/exports/export-files.ts';
import * as exportBuilder from '../../functions/orders-export-background.mts';
import { ORIGIN } from './cases.ts';

/** The secret Stripe events are signed with (set as STRIPE_WEBHOOK_SECRET while the fuzz runs). */
export const WEBHOOK_SECRET = 'whsec_fuzz_secret_for_vitest';

/* ------------------------------------------------------------------------------------------ */
/* Fixtures: a client with a paid order and a session, an admin, seeded rows                   */

export type Fixtures = {
  db: Db;
  clientId: number;
  orderId: number;
  itemId: number;
  paymentIntentId: string;
  logoKey: string;
  adminUserId: number;
  contactId: number;
  meetingId: number;
  emailId: number;
  simSessions: string[];
  stripeSessions: { id: string; amount: number }[];
};
let fx: Fixtures | undefined;
const savedEnv: Record<string, string | undefined> = {};
/** Background work handed to context.waitUntil (e-mail delivery), awaited before closing the db. */
export const pending = new Set<Promise<unknown>>();
let logoStore = memoryLogoStore();

/** The fixtures `setUpFixtures` created (it must have run). */
export function fixtures(): Fixtures {
  if (!fx) throw new Error('setUpFixtures() has not run');
  return fx;
}

/** Before the first route: simulated services, a fresh database and its seeded rows. */
export async function setUpFixtures(): Promise<void> {
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'GHL_API_KEY',
    'GHL_COMPANY_ID',
    'SMTP_URL',
  ])
    savedEnv[name] = process.env[name];
  delete process.env.STRIPE_SECRET_KEY; // simulated payments: /api/test/* and the simulated provider exist
  delete process.env.GHL_API_KEY; // simulated CRM
  delete process.env.GHL_COMPANY_ID;
  delete process.env.SMTP_URL; // e-mails stay in the outbox
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  logoStore = memoryLogoStore();
  setLogoStore(logoStore);
  setExportStore(memoryExportStore());
  // An export started by a fuzzed request is built as Netlify would, after its 202.
  setBackgroundRunner(async (path, body) => {
    const run = Promise.resolve(
      exportBuilder.default(
        new Request(`${ORIGIN}${path}`, { method: 'POST', body: JSON.stringify(body) }),
        {},
      ),
    );
    pending.add(run);
    void run.finally(() => pending.delete(run));
  });

  const db = await useFreshTestDb();
  const { admin, contact, meeting, email } = await seedAdminLists(db, 'fuzz.admin');
  const { client, order } = await createClientWithOrder(db, { email: 'fuzz.client@example.com' });
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const logo = await saveLogo(logoStore, { orderId: order.id, clientId: client.id, bytes: PNG });

  const simSessions: string[] = [];
  const stripeSessions: { id: string; amount: number }[] = [];
  const cart = priceCart([{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }]);
  for (let i = 0; i < 6; i++) {
    for (const provider of ['simulated', 'stripe'] as const) {
      const id = provider === 'simulated' ? `sim_cs_fuzz_${i}` : `cs_test_fuzz_${i}`;
      await storeCheckoutSession(db, id, undefined, provider);
      if (provider === 'simulated') simSessions.push(id);
      else stripeSessions.push({ id, amount: cart.amountTotalCents });
    }
  }
  fx = {
    db,
    clientId: client.id,
    orderId: order.id,
    itemId: item!.id,
    paymentIntentId: order.stripePaymentIntentId!,
    logoKey: logo.key,
    adminUserId: admin.id,
    contactId: contact.id,
    meetingId: meeting.id,
    emailId: email.id,
    simSessions,
    stripeSessions,
  };
}

/** After the last route (and its report): background work awaited, environment restored. */
export async function tearDownFixtures(): Promise<void> {
  await Promise.allSettled([...pending]);
  setLogoStore(undefined);
  setExportStore(undefined);
  setBackgroundRunner(undefined);
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await closeDb();
}
