/**
 * What the tests of POST /api/stripe-webhook share: the webhook secret set for the file with a
 * fresh database (the outbox emptied before each test), events in Stripe's envelope with objects
 * in Stripe's published shapes, and the request Stripe sends, signed with
 * stripe.webhooks.generateTestHeaderString.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import type { FunctionContext } from '../../src/server/handler.ts';
import { stripeShapeProblems } from '../../src/testing/stripe-shapes.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import webhook from '../functions/stripe-webhook.mts';

/** Registers the file's hooks; `db` is the fresh database once `beforeAll` has run. */
export function useStripeWebhook(secret: string): {
  readonly db: Db;
  /** Posts `payload` signed with the file's secret, or with `signature` (null: none). */
  deliver(payload: string, signature?: string | null, context?: FunctionContext): Promise<Response>;
  /** A valid signature of `payload` with the file's secret. */
  sign(payload: string): string;
} {
  let db: Db | undefined;
  beforeAll(async () => {
    process.env.STRIPE_WEBHOOK_SECRET = secret;
    db = await useFreshTestDb();
  });
  afterAll(async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
    await closeDb();
  });
  beforeEach(async () => {
    await db!.delete(emailOutbox);
  });
  const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return {
    get db() {
      if (!db) throw new Error('The database opens in beforeAll');
      return db;
    },
    sign,
    async deliver(payload, signature = sign(payload), context = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (signature !== null) headers['stripe-signature'] = signature;
      return webhook(
        new Request('http://localhost:4321/api/stripe-webhook', {
          method: 'POST',
          body: payload,
          headers,
        }),
        context,
      );
    },
  };
}

/**
 * Stripe never expands a webhook's object, so an invoice event carries no `payments` (the site
 * learns a renewal's payment intent from invoice_payment.paid or by asking Stripe); the tests
 * that feed it, as the API's expanded invoice, say so through this.
 */
export const expandedPaymentsOf = (object: unknown) =>
  object && typeof object === 'object' && 'payments' in object ? ['payments'] : [];

/** The API version the site pins (src/server/payments/stripe.ts), which Stripe's examples show. */
const API_VERSION = '2026-10-28.endive';

/**
 * An event of `type` about `object`, in the envelope and API version Stripe sends. Every field
 * of it must be one Stripe's own objects have, with the same type (src/testing/stripe-shapes.ts):
 * a field Stripe does not send fails the test that sends it. `expanded`: object fields the test
 * feeds as the API's expanded ones (a webhook never expands; each use says why). An older
 * `apiVersion` is another shape than Stripe's examples show, and is not compared.
 */
export function stripeEvent(
  id: string,
  type: string,
  object: unknown,
  created: number,
  { apiVersion = API_VERSION, expanded = [] }: { apiVersion?: string; expanded?: string[] } = {},
): string {
  const event = { id, object: 'event', api_version: apiVersion, created, type, data: { object } };
  if (apiVersion === API_VERSION) {
    const problems = stripeShapeProblems(event, { expand: expanded });
    if (problems.length)
      throw new Error(`This test sends a ${type} Stripe would not: ${problems.join('; ')}`);
  }
  return JSON.stringify(event);
}

/** An event whose object is unreadable on purpose (the endpoint's robustness): not compared. */
export function malformedStripeEvent(
  id: string,
  type: string,
  object: unknown,
  created: number,
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: API_VERSION,
    created,
    type,
    data: { object },
  });
}

/**
 * A completed, paid checkout.session for a stored session (one-time payment unless `fields`
 * say otherwise), with the customer and payment fields a test gives in `fields`.
 */
export function paidCheckoutSession(
  session: { id: string; amount: number },
  fields: Record<string, unknown>,
) {
  return {
    id: session.id,
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'paid',
    mode: 'payment',
    amount_total: session.amount,
    subscription: null,
    metadata: {},
    ...fields,
  };
}
