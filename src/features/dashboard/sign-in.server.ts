/**
 * Sign-in to the client dashboard by e-mail, the one way an address is proven: a single-use link sent through the
 * outbox, and its use, which proves the client's address, joins the orders waiting for that
 * proof and starts a whole-account session. Requesting a link answers the same whether or
 * not the address is known, so the form cannot be used to find out who our clients are.
 *
 * It lives with the dashboard because it joins two features: the client's identity (clients)
 * and the orders that waited for it (orders); neither of those imports the other's rules.
 */
import type { Db } from '../../server/db/client.ts';
import { readEnv } from '../../server/env.ts';
import { enqueueEmail } from '../../server/mail/outbox.ts';
import { signInLinkEmail } from './dashboard-emails.tsx';
import { enforce } from '../../server/rate-limit.ts';
import { joinWaitingOrders } from '../orders/orders.server.ts';
import {
  attachStripeCustomer,
  consumeMagicLink,
  createMagicLink,
  findClient,
  findClientByEmail,
  magicLinkUrl,
  proveClientEmail,
  startClientSession,
  type ClientAccess,
} from '../clients/clients.server.ts';
import { signInRequestSchema } from '../clients/clients.ts';

export const SIGN_IN_TTL_SECONDS = 30 * 60;

export async function requestSignInLink(
  db: Db,
  body: unknown,
  options: { ip: string; rateLimit?: boolean },
): Promise<{ emailIds: number[] }> {
  const { email } = signInRequestSchema.parse(body);
  const address = email.toLowerCase();
  if (options.rateLimit !== false) {
    await enforce(db, `magic-link:ip:${options.ip}`, { limit: 10, windowSeconds: 15 * 60 });
    await enforce(db, `magic-link:email:${address}`, { limit: 3, windowSeconds: 15 * 60 });
  }
  const client = await findClientByEmail(db, address);
  if (!client) return { emailIds: [] };

  const { token } = await createMagicLink(db, client.id, { ttlSeconds: SIGN_IN_TTL_SECONDS });
  const url = magicLinkUrl(readEnv().siteUrl, token);
  const mail = await enqueueEmail(db, {
    kind: 'dashboard.sign-in',
    to: client.email,
    ...signInLinkEmail(url),
  });
  return { emailIds: [mail.id] };
}

/**
 * Uses a sign-in link (POST only: opening the e-mailed page uses nothing up). Proves the
 * client's address, joins the orders bought with it that were waiting for the proof, attaches
 * their payment customer, and answers the `Set-Cookie` of a new whole-account session, or
 * null for an unknown, used or expired link.
 */
export async function signInWithMagicLink(
  db: Db,
  token: string,
  current: ClientAccess | null,
  now = new Date(),
): Promise<string | null> {
  const used = await consumeMagicLink(db, token, now);
  if (!used) return null;
  const client = await findClient(db, used.clientId);
  if (!client) return null;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await proveClientEmail(tx, client.id, now);
    const { stripeCustomerId } = await joinWaitingOrders(tx, client);
    await attachStripeCustomer(tx, client.id, stripeCustomerId);
  });
  // Orders this browser paid for under another address stay visible to it.
  return startClientSession(
    db,
    { clientId: client.id, wholeAccount: true, orderIds: current?.orderIds ?? [] },
    { replaces: current, now },
  );
}
