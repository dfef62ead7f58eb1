/** Test helpers: a client with a paid order, and requests signed in as that client. */
import type { Db } from '../server/db/client.ts';
import { clients, orderItems, orders } from '../server/db/schema.ts';
import { startClientSession } from '../features/clients/clients.server.ts';

let counter = 0;

export async function createClientWithOrder(
  db: Db,
  options: {
    email?: string;
    productId?: string;
    mode?: 'payment' | 'subscription';
    stripeCustomerId?: string;
  } = {},
) {
  counter += 1;
  const email = options.email ?? `client${counter}-${Date.now()}@example.com`;
  const [client] = await db
    .insert(clients)
    .values({
      email,
      name: 'Ada Lovelace',
      stripeCustomerId: options.stripeCustomerId ?? null,
      // A client who has used a sign-in link: the whole account is theirs.
      emailVerifiedAt: new Date(),
    })
    .returning();
  const productId = options.productId ?? 'starter';
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `T-${counter}-${Date.now()}`,
      checkoutSessionId: `cs_test_${counter}_${Date.now()}`,
      clientId: client!.id,
      productId,
      productName: 'Starter Website Package',
      amount: 100000,
      stripePaymentIntentId: `pi_test_${counter}`,
      customerEmail: email,
      customerName: 'Ada Lovelace',
      status: 'paid',
      items: '[]',
      mode: options.mode ?? 'payment',
    })
    .returning();
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId,
    name: 'Starter Website Package',
    type: 'website',
    billingCycle: options.mode === 'subscription' ? 'monthly' : 'oneTime',
    unitAmountCents: 100000,
    quantity: 1,
  });
  const setCookie = await startClientSession(db, {
    clientId: client!.id,
    wholeAccount: true,
    orderIds: [],
  });
  signedIn.set(client!.id, setCookie.split(';')[0]!);
  return { client: client!, order: order! };
}

/** The whole-account session cookie of each client made by createClientWithOrder. */
const signedIn = new Map<number, string>();

/** A `Cookie` header signed in as that client; any other id gets a cookie no session has. */
export function sessionCookieFor(clientId: number): string {
  return signedIn.get(clientId) ?? `__Host-client_session=unknown-session-${clientId}`;
}

export function jsonRequest(
  url: string,
  body: unknown,
  clientId?: number,
  method = 'POST',
): Request {
  return new Request(`http://localhost${url}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(clientId ? { Cookie: sessionCookieFor(clientId) } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

export function getRequest(
  url: string,
  clientId?: number,
  extra: Record<string, string> = {},
): Request {
  return new Request(`http://localhost${url}`, {
    headers: { ...(clientId ? { Cookie: sessionCookieFor(clientId) } : {}), ...extra },
  });
}

export const BUSINESS_INFO = {
  businessName: 'Acme Bakery',
  industry: 'Food and drink',
  contactName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '555-0142',
  website: 'https://acme.example.com',
  description: 'A neighbourhood bakery with fresh bread every day.',
};

export const PROJECT_DETAILS = {
  goals: 'More online orders and catering requests.',
  targetAudience: 'Local families and offices',
  keyFeatures: 'Menu, online ordering, catering form',
  timeline: 'Within two months',
};

export const DESIGN_PREFERENCES = {
  stylePreferences: 'Warm, friendly, lots of photos',
  colorPreferences: 'Cream and brown',
};
