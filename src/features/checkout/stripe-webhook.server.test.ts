import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../server/db/client';
import { webhookEvents } from '../../server/db/schema';
import { HANDLED_EVENTS, isHandledEvent } from '../../server/payments/webhook-events';
import { useFreshTestDb } from '../../testing/test-db';
import { dispatchedEvents, handleStripeEvent } from './stripe-webhook.server';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const event = (id: string, type: string, object: unknown = { id: 'x' }) =>
  ({ id, object: 'event', type, created: 1_700_000_000, data: { object } }) as Stripe.Event;

describe('the webhook dispatch reads one list of events', () => {
  it('has a handler for exactly the events stripe:setup subscribes to', () => {
    expect(dispatchedEvents().sort()).toEqual([...HANDLED_EVENTS].sort());
    expect(HANDLED_EVENTS).toContain('invoice_payment.paid');
    expect(new Set(HANDLED_EVENTS).size).toBe(HANDLED_EVENTS.length);
  });

  it('acknowledges and records an event outside the list without acting on it', async () => {
    expect(isHandledEvent('customer.created')).toBe(false);
    expect(isHandledEvent('constructor')).toBe(false);
    for (const [id, type] of [
      ['evt_unlisted', 'customer.created'],
      ['evt_prototype', 'constructor'],
    ] as const) {
      expect(await handleStripeEvent(db, event(id, type))).toEqual({
        received: true,
        ignored: true,
      });
      const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
      expect(row?.type).toBe(type);
    }
  });

  it('hands a listed event to its handler', async () => {
    // A checkout event whose object is no session is refused by the checkout handler.
    await expect(
      handleStripeEvent(db, event('evt_listed', 'checkout.session.completed', null)),
    ).rejects.toMatchObject({ status: 400 });
  });
});
