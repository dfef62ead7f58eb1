import { and, eq, gt, inArray, isNotNull, notInArray, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import {
  weeklyCharges,
  weeklySums,
  type WeeklyCharges,
  type WeeklySum,
} from '../../../server/db/weekly.ts';
import { orders } from '../../../server/db/schema.ts';
import { REVENUE_STATUSES } from '../orders.ts';

/**
 * Orders paid in US dollars since `since`, per week of purchase, with their tax (the revenue
 * chart). Refunded orders count in the week they were paid; their refunds are subtracted in
 * the week of the refund.
 */
export function paidOrdersByWeek(db: Db, since: Date): Promise<WeeklyCharges[]> {
  return weeklyCharges(
    db,
    orders,
    orders.createdAt,
    since,
    and(inArray(orders.status, [...REVENUE_STATUSES, 'refunded']), eq(orders.currency, 'usd')),
    { total: orders.amount, tax: orders.taxCents },
  );
}

/** Orders of recovered checkouts since `since`, per week of purchase, money received only. */
export function recoveredOrdersByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  return weeklySums(
    db,
    orders,
    orders.createdAt,
    since,
    and(
      isNotNull(orders.recoveredFrom),
      inArray(orders.status, [...REVENUE_STATUSES, 'refunded']),
      eq(orders.currency, 'usd'),
    ),
    orders.amount,
  );
}

/**
 * Refunds of orders whose payment has no row in `refunds` (`listedPayments`: the payment
 * intents that do), refunded before that table existed: their running total, in the week of
 * the latest refund, the only date kept of them.
 */
export function unlistedOrderRefundsByWeek(
  db: Db,
  since: Date,
  listedPayments: SQLWrapper,
): Promise<WeeklySum[]> {
  return weeklySums(
    db,
    orders,
    orders.refundedAt,
    since,
    and(
      gt(orders.refundedCents, 0),
      eq(orders.currency, 'usd'),
      notInArray(orders.stripePaymentIntentId, listedPayments),
    ),
    orders.refundedCents,
  );
}
