// Proof of the browser that paid: an HttpOnly cookie set when a checkout starts, its hash stored
// with the checkout, tells that browser from anyone else holding the success URL.
import type { Db } from '../../server/db/client.ts';
import type { Order } from '../../server/db/schema.ts';
import { readCookie } from '../../server/cookies.ts';
import { hashToken, newToken, TOKEN_LENGTH } from '../../server/tokens.ts';
import {
  actingClientId,
  canSeeOrder,
  findClient,
  grantOrderToBrowser,
  readClientAccess,
} from '../clients/clients.server.ts';
import {
  joinOrderToSignedInClient,
  orderView,
  refundsOfOrders,
  type OrderWithItems,
} from '../orders/orders.server.ts';
import { isSettled, type OrderView } from '../orders/orders';
import { claimSessionGrant } from './checkout-sessions.server.ts';

export const CHECKOUT_ATTEMPT_COOKIE = '__Host-checkout_attempt';
/** The paying browser is signed in by the success lookup only this long after payment. */
export const CHECKOUT_GRANT_WINDOW_SECONDS = 60 * 60;
const ATTEMPT_TOKEN = new RegExp(`^[\\w-]{${TOKEN_LENGTH}}$`);

/** The browser's attempt token, kept across its checkouts so parallel tabs all stay provable. */
export function checkoutAttempt(req: Request): { token: string; cookie: string } {
  const current = readCookie(req.headers.get('cookie'), CHECKOUT_ATTEMPT_COOKIE);
  const token = current && ATTEMPT_TOKEN.test(current) ? current : newToken();
  return {
    token,
    cookie: `${CHECKOUT_ATTEMPT_COOKIE}=${token}; Path=/; Max-Age=${CHECKOUT_GRANT_WINDOW_SECONDS * 24}; HttpOnly; Secure; SameSite=Lax`,
  };
}

async function claimBrowserGrant(
  db: Db,
  sessionId: string,
  attemptToken: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!attemptToken || !ATTEMPT_TOKEN.test(attemptToken)) return false;
  return claimSessionGrant(db, sessionId, hashToken(attemptToken), {
    now,
    paidAfter: new Date(now.getTime() - CHECKOUT_GRANT_WINDOW_SECONDS * 1000),
  });
}

/** No name, e-mail or invoice (its hosted page and PDF show the buyer's name and address). */
function withoutPersonalData(view: OrderView): OrderView {
  return {
    ...view,
    customerName: '',
    customerEmail: '',
    charge: { ...view.charge, invoice: null },
    access: 'public',
  };
}

// The paying browser (attempt cookie, first lookup, within the window) is granted the order, a
// browser signed in to it sees it, anyone else sees it without personal data.
export async function orderForBrowser(
  db: Db,
  req: Request,
  found: OrderWithItems,
): Promise<{ view: OrderView; setCookie: string | null }> {
  const access = await readClientAccess(db, req);
  let order: Order = found.order;
  const refunds = await refundsOfOrders(db, [order.id]);
  let setCookie: string | null = null;
  const attemptToken = readCookie(req.headers.get('cookie'), CHECKOUT_ATTEMPT_COOKIE);
  if (
    isSettled(order.status) &&
    (await claimBrowserGrant(db, order.checkoutSessionId, attemptToken))
  ) {
    const signedInAs = actingClientId(access);
    const client = signedInAs ? await findClient(db, signedInAs) : null;
    if (client && order.clientId === null) {
      order = (await joinOrderToSignedInClient(db, order.id, client)) ?? order;
    }
    setCookie = await grantOrderToBrowser(db, access, order);
    return { view: orderView({ order, items: found.items }, refunds), setCookie };
  }
  const view = orderView({ order, items: found.items }, refunds);
  return { view: canSeeOrder(access, order) ? view : withoutPersonalData(view), setCookie };
}
