/**
 * The client dashboard's data: the signed-in client's own orders with their onboarding
 * progress, and what billing management is possible. Never takes an id from the browser.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { onboardingPathFor } from '../checkout/checkout.ts';
import { firstUnsavedStep, onboardingStatus } from '../onboarding/onboarding';
import type { Db } from '../../server/db/client.ts';
import { clients, onboardingForms, orderItems, orders } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { HttpError } from '../../server/http.ts';
import type { DashboardOrder, DashboardView } from './dashboard.ts';

export async function clientDashboard(db: Db, clientId: number): Promise<DashboardView> {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!client) throw new HttpError(401, 'Please sign in to see your dashboard.');

  const rows = await db
    .select({ order: orders, form: onboardingForms })
    .from(orders)
    .leftJoin(onboardingForms, eq(onboardingForms.orderId, orders.id))
    .where(eq(orders.clientId, clientId))
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
  return {
    client: { id: client.id, name: client.name, email: client.email },
    orders: view,
    billing: {
      hasSubscription,
      simulated: readEnv().simulatedPayments || !client.stripeCustomerId,
    },
  };
}
