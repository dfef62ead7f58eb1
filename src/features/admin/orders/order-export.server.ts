// Amounts are decimal units with two decimals; an unknown part is an empty cell, never 0.
import type { Db } from '../../../server/db/client.ts';
import type { Listed, PageRequest } from '../../../server/db/list-query.ts';
import type { OrderItem } from '../../../server/db/schema.ts';
import type { ChargeDiscount } from '../../../lib/charge.ts';
import { formatCents } from '../../../lib/money.ts';
import { CYCLE_LABEL } from '../../catalogue/catalogue.ts';
import { onboardingFormsOf } from '../../order-onboarding/order-onboarding.server.ts';
import {
  onboardingProgress,
  type OnboardingProgress,
} from '../../order-onboarding/order-onboarding.ts';
import { exportOrders as exportOrderRows } from '../../orders/orders.server.ts';
import { PAYMENT_KIND_LABEL, paymentKind, stripeDashboardUrl } from '../../orders/orders.ts';
import { onboardingProgressLabel, type ListQuery } from '../admin.ts';
import type { CsvColumn } from '../../../lib/csv.ts';

export type OrderExportRow = {
  orderNumber: string;
  createdAt: string;
  status: string;
  subtotalCents: number | null;
  discountCents: number | null;
  discounts: ChargeDiscount[] | null;
  taxCents: number | null;
  totalCents: number;
  refundedCents: number;
  currency: string;
  invoiceNumber: string | null;
  customerName: string;
  customerEmail: string;
  items: string;
  onboarding: OnboardingProgress;
  paymentReference: string;
  payment: ReturnType<typeof paymentKind>;
  stripeUrl: string | null;
};

const cycleLabel = (cycle: string) => (CYCLE_LABEL as Record<string, string>)[cycle] ?? cycle;

const itemsText = (items: OrderItem[]) =>
  items
    .map(
      (i) =>
        `${i.quantity} x ${i.name} (${cycleLabel(i.billingCycle)}, ${formatCents(i.unitAmountCents)})`,
    )
    .join('; ');

export async function exportOrders(
  db: Db,
  q: ListQuery,
  page: PageRequest,
): Promise<Listed<OrderExportRow>> {
  const { rows, ...paging } = await exportOrderRows(db, q, page);
  const forms = await onboardingFormsOf(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    ...paging,
    rows: rows.map(({ order, items }) => ({
      orderNumber: order.orderNumber,
      createdAt: order.createdAt.toISOString(),
      status: order.status,
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      discounts: order.discounts,
      taxCents: order.taxCents,
      totalCents: order.amount,
      refundedCents: order.refundedCents,
      currency: order.currency,
      invoiceNumber: order.invoiceNumber,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      items: itemsText(items),
      onboarding: onboardingProgress(forms.get(order.id)),
      paymentReference: order.stripePaymentIntentId,
      payment: paymentKind(order),
      stripeUrl: stripeDashboardUrl(order),
    })),
  };
}

export const decimalAmount = (cents: number | null): string =>
  cents === null ? '' : (cents / 100).toFixed(2);

/** What the business keeps of the order: total less tax (where known) and refunds. */
export const netCents = (o: Pick<OrderExportRow, 'totalCents' | 'taxCents' | 'refundedCents'>) =>
  o.totalCents - (o.taxCents ?? 0) - o.refundedCents;

export const ORDER_CSV: CsvColumn<OrderExportRow>[] = [
  { header: 'Order number', value: (o) => o.orderNumber },
  { header: 'Created (UTC)', value: (o) => o.createdAt },
  { header: 'Status', value: (o) => o.status },
  { header: 'Subtotal (USD)', value: (o) => decimalAmount(o.subtotalCents) },
  { header: 'Discount (USD)', value: (o) => decimalAmount(o.discountCents) },
  {
    header: 'Discount codes',
    value: (o) => (o.discounts ?? []).flatMap((d) => (d.code ? [d.code] : [])).join('; '),
  },
  { header: 'Tax (USD)', value: (o) => decimalAmount(o.taxCents) },
  { header: 'Total (USD)', value: (o) => decimalAmount(o.totalCents) },
  { header: 'Refunded (USD)', value: (o) => decimalAmount(o.refundedCents) },
  { header: 'Net (USD)', value: (o) => decimalAmount(netCents(o)) },
  { header: 'Currency', value: (o) => o.currency.toUpperCase() },
  { header: 'Invoice number', value: (o) => o.invoiceNumber ?? '' },
  { header: 'Customer name', value: (o) => o.customerName },
  { header: 'Customer email', value: (o) => o.customerEmail },
  { header: 'Items', value: (o) => o.items },
  { header: 'Onboarding', value: (o) => onboardingProgressLabel(o.onboarding) },
  { header: 'Payment reference', value: (o) => o.paymentReference },
  { header: 'Payment', value: (o) => PAYMENT_KIND_LABEL[o.payment] },
  { header: 'Stripe link', value: (o) => o.stripeUrl ?? '' },
];
