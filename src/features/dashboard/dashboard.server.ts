/**
 * The client dashboard's data: the orders the browser's session may see, with their
 * onboarding progress, and what billing management is possible. Never takes an id from the
 * browser.
 */
import { desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { onboardingPathFor } from '../checkout/checkout.ts';
import { firstUnsavedStep, onboardingStatus } from '../onboarding/onboarding';
import type { Db } from '../../server/db/client.ts';
import { onboardingForms, orderItems, orders } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { actingClientId, type ClientAccess } from '../clients/clients.server.ts';
import { findClient } from '../clients/clients.server.ts';
import type { DashboardOrder, DashboardView } from './dashboard.ts';

/** The orders a session may see: its client's when it holds the whole account, and its own grants. */
function visibleOrders(access: ClientAccess): SQL | undefined {
  const granted = access.orderIds.length ? inArray(orders.id, access.orderIds) : undefined;
  if (!access.wholeAccount || access.clientId === null) return granted ?? inArray(orders.id, []);
  const own = eq(orders.clientId, access.clientId);
  return granted ? or(own, granted) : own;
}

export async function clientDashboard(db: Db, access: ClientAccess): Promise<DashboardView> {
  const client = access.clientId === null ? null : await findClient(db, access.clientId);
  const rows = await db
    .select({ order: orders, form: onboardingForms })
    .from(orders)
    .leftJoin(onboardingForms, eq(onboardingForms.orderId, orders.id))
    .where(visibleOrders(access))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const ids = rows.map((r) => r.order.id);
  const items = ids.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids))
    : [];

  const view: DashboardOrder[] = rows.map(({ order, form }) => {
    const saved = form
      ? {
          businessInfo: form.businessInfo,
          projectDetails: form.projectDetails,
          designPreferences: form.designPreferences,
          completed: form.completed,
        }
      : null;
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      productId: order.productId,
      productName: order.productName,
      amount: order.amount / 100,
      status: order.status,
      mode: order.mode,
      createdAt: order.createdAt.toISOString(),
      items: items
        .filter((i) => i.orderId === order.id)
        .map((i) => ({ name: i.name, billingCycle: i.billingCycle, quantity: i.quantity })),
      onboarding: {
        status: onboardingStatus(saved),
        stepsSaved: firstUnsavedStep(saved),
        path: onboardingPathFor(order.productId, order.id),
      },
    };
  });

  const hasSubscription = view.some(
    (o) => o.mode === 'subscription' || o.items.some((i) => i.billingCycle !== 'oneTime'),
  );
  const latest = rows[0]?.order;
  const wholeAccount = access.wholeAccount && client !== null;
  return {
    client: {
      id: actingClientId(access),
      // An order session shows the buyer's details as typed on the order.
      name: wholeAccount ? client.name : (latest?.customerName ?? ''),
      email: wholeAccount ? client.email : (latest?.customerEmail ?? ''),
    },
    wholeAccount,
    orders: view,
    billing: {
      hasSubscription,
      simulated: readEnv().simulatedPayments || !wholeAccount || !client.stripeCustomerId,
    },
  };
}
