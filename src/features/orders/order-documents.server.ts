// pdf-lib loads only when a PDF is made, not in every function that reads orders.
import type { Db } from '../../server/db/client.ts';
import type { Order, OrderItem } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { enqueueEmail } from '../../server/mail/outbox.ts';
import { MessageSecrets } from '../../server/mail/sealed.ts';
import { onboardingPathFor } from '../catalogue/catalogue.ts';
import {
  canSeeOrder,
  createMagicLink,
  magicLinkUrl,
  type ClientAccess,
} from '../clients/clients.server.ts';
import type { DocumentOrder } from './order-documents';
import { findOrderItem, orderItemsOf } from './records/order-reads.server.ts';
import { orderCharge, type PaymentRefund } from './orders.ts';
import { paymentRefunds, refundsOfOrders } from './refund-records.server.ts';
import { orderConfirmationEmail } from './orders-emails.tsx';

const loadDocuments = () => import('./order-documents.ts');

function documentOrder(order: Order, items: OrderItem[], refunds: PaymentRefund[]): DocumentOrder {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    charge: orderCharge(order),
    refunds,
    paymentReference: order.stripePaymentIntentId,
    lines: items.map((i) => ({
      name: i.name,
      billingCycle: i.billingCycle,
      unitAmountCents: i.unitAmountCents,
      quantity: i.quantity,
    })),
  };
}

const onboardingUrl = (productId: string, order: Order, site: string) =>
  new URL(onboardingPathFor(productId, order.id), site).toString();

// In the caller's transaction, so the e-mail exists exactly when the paid order does. Its link goes
// to the client of the typed address: using it proves the address and joins a waiting order.
export async function enqueueConfirmation(
  tx: Db,
  order: Order,
  items: OrderItem[],
  linkClientId: number,
): Promise<number> {
  const site = readEnv().siteUrl;
  const link = await createMagicLink(tx, linkClientId);
  const secrets = new MessageSecrets();
  const { buildReceiptPdf } = await loadDocuments();
  const pdf = await buildReceiptPdf(documentOrder(order, items, []));
  const email = orderConfirmationEmail({
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    charge: orderCharge(order),
    lines: items.map((i) => ({
      name: i.name,
      billingCycle: i.billingCycle,
      unitAmountCents: i.unitAmountCents,
      quantity: i.quantity,
      onboardingUrl: onboardingUrl(i.productId, order, site),
    })),
    dashboardUrl: magicLinkUrl(site, link.token, secrets),
    linkExpiresAt: link.expiresAt,
  });
  const { id } = await enqueueEmail(tx, {
    kind: 'order-confirmation',
    to: order.customerEmail,
    about: { emails: [order.customerEmail], clientIds: [linkClientId] },
    secrets,
    ...email,
    attachments: [
      {
        filename: `receipt-${order.orderNumber}.pdf`,
        contentType: 'application/pdf',
        content: Buffer.from(pdf).toString('base64'),
      },
    ],
  });
  return id;
}

/** Only for the client who bought it; unknown and others' items look alike (null): no probing. */
export async function orderItemDownload(
  db: Db,
  itemId: number,
  access: ClientAccess | null,
): Promise<{ filename: string; bytes: Uint8Array } | null> {
  const row = await findOrderItem(db, itemId);
  if (!row || !canSeeOrder(access, row.order)) return null;
  if (row.order.status !== 'paid' && row.order.status !== 'completed') return null;
  const items = await orderItemsOf(db, row.order.id);
  const refunds = paymentRefunds(
    await refundsOfOrders(db, [row.order.id]),
    row.order.stripePaymentIntentId,
  );
  const { buildOrderItemPdf } = await loadDocuments();
  const bytes = await buildOrderItemPdf(documentOrder(row.order, items, refunds), {
    name: row.item.name,
    type: row.item.type,
    productId: row.item.productId,
    onboardingUrl: onboardingUrl(row.item.productId, row.order, readEnv().siteUrl),
  });
  const slug = row.item.productId.replace(/[^a-z0-9-]/gi, '');
  return { filename: `${row.order.orderNumber}-${slug}.pdf`, bytes };
}
