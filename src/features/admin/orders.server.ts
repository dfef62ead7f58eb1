/** The admin's order list: filters, line items and onboarding progress for each order. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { onboardingForms, orderItems, orders } from '../../server/db/schema.ts';
import { CYCLE_LABEL } from '../catalogue/catalogue.ts';
import {
  formatCents,
  onboardingProgressLabel,
  PAYMENT_KIND_LABEL,
  paymentKind,
  stripeDashboardUrl,
  type CsvColumn,
  type ListQuery,
  type OnboardingProgress,
} from './admin.ts';
import { countAll, createdWithin, searchCondition, type Window } from './list.server.ts';

export type AdminOrderItem = {
  productId: string;
  name: string;
  type: string;
  billingCycle: string;
  /** "One-time", "Monthly", ... (the catalogue's words, so the island need not import it). */
  cycleLabel: string;
  unitAmountCents: number;
  quantity: number;
};

export type AdminOrder = {
  id: number;
  orderNumber: string;
  createdAt: string;
  paidAt: string | null;
  status: string;
  amountCents: number;
  currency: string;
  customerName: string;
  customerEmail: string;
  productName: string;
  mode: string;
  payment: ReturnType<typeof paymentKind>;
  paymentReference: string;
  stripeUrl: string | null;
  items: AdminOrderItem[];
  onboarding: OnboardingProgress;
};

export async function listOrders(db: Db, q: ListQuery, { limit, offset }: Window) {
  const where = and(
    searchCondition(q.q, [
      orders.orderNumber,
      orders.customerName,
      orders.customerEmail,
      orders.productName,
      orders.stripePaymentIntentId,
    ]),
    q.status ? eq(orders.status, q.status as never) : undefined,
    ...createdWithin(orders.createdAt, q),
  );
  const [{ total } = { total: 0 }] = await db.select({ total: countAll }).from(orders).where(where);
  const rows = await db
    .select({
      order: orders,
      stepsDone: sql<number>`((${onboardingForms.businessInfo} is not null)::int + (${onboardingForms.projectDetails} is not null)::int + (${onboardingForms.designPreferences} is not null)::int)`,
      completed: onboardingForms.completed,
    })
    .from(orders)
    .leftJoin(onboardingForms, eq(onboardingForms.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);

  const ids = rows.map((r) => r.order.id);
  const lines = ids.length
    ? await db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(orderItems.id)
    : [];
  const items: AdminOrder[] = rows.map(({ order, stepsDone, completed }) => ({
    id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    status: order.status,
    amountCents: order.amount,
    currency: order.currency,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    productName: order.productName,
    mode: order.mode,
    payment: paymentKind(order),
    paymentReference: order.stripePaymentIntentId,
    stripeUrl: stripeDashboardUrl(order),
    items: itemsOf(
      order.items,
      lines.filter((l) => l.orderId === order.id),
    ),
    onboarding: { stepsDone: Number(stepsDone ?? 0), totalSteps: 3, completed: Boolean(completed) },
  }));
  return { items, total };
}

const cycleLabel = (cycle: string) => (CYCLE_LABEL as Record<string, string>)[cycle] ?? cycle;

/** Line items from order_items; orders stored before that table existed keep them as JSON text. */
function itemsOf(jsonText: string, rows: (typeof orderItems.$inferSelect)[]): AdminOrderItem[] {
  if (rows.length) {
    return rows.map(({ productId, name, type, billingCycle, unitAmountCents, quantity }) => ({
      productId,
      name,
      type,
      billingCycle,
      cycleLabel: cycleLabel(billingCycle),
      unitAmountCents,
      quantity,
    }));
  }
  try {
    const parsed = JSON.parse(jsonText) as Record<string, unknown>[];
    if (!Array.isArray(parsed)) return [];
    return parsed.map((p) => ({
      productId: String(p.id ?? ''),
      name: String(p.name ?? ''),
      type: String(p.type ?? ''),
      billingCycle: String(p.billingCycle ?? ''),
      cycleLabel: cycleLabel(String(p.billingCycle ?? '')),
      unitAmountCents: Math.round(Number(p.price ?? 0) * 100),
      quantity: Number(p.quantity ?? 1),
    }));
  } catch {
    return [];
  }
}

export const ORDER_CSV: CsvColumn<AdminOrder>[] = [
  { header: 'Order number', value: (o) => o.orderNumber },
  { header: 'Created (UTC)', value: (o) => o.createdAt },
  { header: 'Status', value: (o) => o.status },
  { header: 'Amount', value: (o) => o.amountCents / 100 },
  { header: 'Currency', value: (o) => o.currency.toUpperCase() },
  { header: 'Customer name', value: (o) => o.customerName },
  { header: 'Customer email', value: (o) => o.customerEmail },
  {
    header: 'Items',
    value: (o) =>
      o.items
        .map(
          (i) => `${i.quantity} x ${i.name} (${i.cycleLabel}, ${formatCents(i.unitAmountCents)})`,
        )
        .join('; '),
  },
  { header: 'Onboarding', value: (o) => onboardingProgressLabel(o.onboarding) },
  { header: 'Payment reference', value: (o) => o.paymentReference },
  { header: 'Payment', value: (o) => PAYMENT_KIND_LABEL[o.payment] },
  { header: 'Stripe link', value: (o) => o.stripeUrl ?? '' },
];
