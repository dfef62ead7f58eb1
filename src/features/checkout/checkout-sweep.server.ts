// The last path that fulfils: a webhook that never came, a tab closed before the success page or
// a fault half-way leaves a paid session without its order; the same fulfilment records it once.
import type { Db } from '../../server/db/client.ts';
import type { PaymentProvider } from '../../server/payments/index.ts';
import { sessionsWithOrders } from '../orders/orders.server.ts';
import { expireCheckout } from './checkout-expiry.server.ts';
import { sessionsToSweep } from './checkout-sessions.server.ts';
import { fulfillCheckout } from './fulfilment.server.ts';
import { logError } from '../../server/log.ts';

/** Leaves a session alone this long after it was created: the buyer may be on the payment page. */
export const SWEEP_GRACE_MS = 10 * 60_000;
/** Stripe closes a session within 24 hours; complete-without-order sessions are looked for a week back. */
const SWEEP_WINDOW_MS = 7 * 24 * 3_600_000;
const SWEEP_BATCH = 50;

export type SweepResult = { checked: number; fulfilled: number; expired: number; failed: number };

export async function sweepCheckouts(
  db: Db,
  options: { now?: Date; provider?: PaymentProvider; limit?: number } = {},
): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const sessions = await sessionsToSweep(db, sessionsWithOrders(db), {
    from: new Date(now.getTime() - SWEEP_WINDOW_MS),
    until: new Date(now.getTime() - SWEEP_GRACE_MS),
    limit: options.limit ?? SWEEP_BATCH,
  });
  const result: SweepResult = { checked: sessions.length, fulfilled: 0, expired: 0, failed: 0 };
  for (const session of sessions) {
    try {
      const outcome = await fulfillCheckout(session.id, {
        db,
        now,
        ...(options.provider ? { provider: options.provider } : {}),
      });
      if (outcome.state === 'fulfilled' && outcome.created) result.fulfilled += 1;
      if (outcome.state === 'unpaid' && outcome.provider?.status === 'expired') {
        // The same path as the webhook's expiry event (which may never have come): the
        // reminder is decided once per session either way.
        const expired = await expireCheckout(db, outcome.provider, { now });
        if (expired.state === 'expired' && expired.wasOpen) result.expired += 1;
      }
    } catch (error) {
      // One session the provider cannot answer for does not stop the others; the next run asks again.
      result.failed += 1;
      logError('Checkout sweep: a session failed', error, { session: session.id });
    }
  }
  return result;
}
