/**
 * Sign-in to the client dashboard by e-mail, the one way an address is proven: a single-use link sent through the
 * outbox, and its use, which proves the client's address, joins the orders waiting for that
 * proof and starts a whole-account session.
 *
 * Requesting a link must not tell who our clients are, by its answer or by its time: the
 * request does the same work for every address (validate, count the visitor, queue) and the
 * rest (who the address belongs to, the per-address limit, the link, the e-mail) happens after
 * the answer (`context.waitUntil`). The per-address limit therefore never answers 429: past it
 * the reply is the same and no e-mail goes out, so nobody can lock a client out by asking for
 * their links, nor flood their inbox.
 *
 * It lives with the dashboard because it joins two features: the client's identity (clients)
 * and the orders that waited for it (orders); neither of those imports the other's rules.
 */
import type { Db } from '../../server/db/client.ts';
import { readEnv } from '../../server/env.ts';
import type { FunctionContext } from '../../server/handler.ts';
import { deliverInBackground } from '../../server/mail/delivery.ts';
import { enqueueEmail } from '../../server/mail/outbox.ts';
import { MessageSecrets } from '../../server/mail/sealed.ts';
import { signInLinkEmail } from './dashboard-emails.tsx';
import { enforce, hit, type RateLimit } from '../../server/rate-limit.ts';
import { joinWaitingOrders, orderIdsOfClient } from '../orders/orders.server.ts';
import {
  attachStripeCustomer,
  checkLinkAddress,
  consumeMagicLink,
  createMagicLink,
  endAllClientSessions,
  actingClientId,
  expireUnusedMagicLinks,
  findClient,
  findClientByEmail,
  magicLinkClientId,
  magicLinkUrl,
  proveClientEmail,
  startClientSession,
  type ClientAccess,
} from '../clients/clients.server.ts';
import { signInRequestSchema } from '../clients/clients.ts';
import { logError } from '../../server/log.ts';

const SIGN_IN_TTL_SECONDS = 30 * 60;
/** Per visitor: the one limit that answers 429 (it names nobody's address). */
const SIGN_IN_VISITOR_LIMIT: RateLimit = { limit: 10, windowSeconds: 15 * 60 };
/** Per client: links e-mailed to one address; past it the request is dropped silently. */
const SIGN_IN_ADDRESS_LIMIT: RateLimit = { limit: 3, windowSeconds: 15 * 60 };

type SignInRequest = { email: string; browserNonce: string };

/**
 * The request path: validates the address and counts the visitor (429 past the limit). The
 * same work whatever the address; nothing here looks the address up.
 */
export async function acceptSignInRequest(
  db: Db,
  body: unknown,
  options: { ip: string; browserNonce: string; rateLimit?: boolean },
): Promise<SignInRequest> {
  const { email } = signInRequestSchema.parse(body);
  if (options.rateLimit !== false) {
    await enforce(db, `magic-link:ip:${options.ip}`, SIGN_IN_VISITOR_LIMIT);
  }
  return { email: email.toLowerCase(), browserNonce: options.browserNonce };
}

/**
 * After the answer: e-mails a link bound to the requesting browser when the address is a
 * client's and under its limit. Answers the queued outbox rows (none otherwise). The limit is
 * keyed by the client's id, so no address a stranger typed is ever stored.
 */
export async function resolveSignInRequest(
  db: Db,
  request: SignInRequest,
  options: { rateLimit?: boolean } = {},
): Promise<{ emailIds: number[] }> {
  const client = await findClientByEmail(db, request.email);
  if (!client) return { emailIds: [] };
  if (options.rateLimit !== false) {
    const counted = await hit(db, `magic-link:client:${client.id}`, SIGN_IN_ADDRESS_LIMIT);
    if (!counted.allowed) return { emailIds: [] };
  }
  const { token } = await createMagicLink(db, client.id, {
    ttlSeconds: SIGN_IN_TTL_SECONDS,
    browserNonce: request.browserNonce,
  });
  const secrets = new MessageSecrets();
  const url = magicLinkUrl(readEnv().siteUrl, token, secrets);
  const mail = await enqueueEmail(db, {
    kind: 'dashboard.sign-in',
    to: client.email,
    about: { emails: [client.email], clientIds: [client.id] },
    secrets,
    ...signInLinkEmail(url),
  });
  return { emailIds: [mail.id] };
}

/**
 * Resolves a sign-in request after the answer (through `context.waitUntil`, so the function
 * stays alive for it) and sends its e-mail; an e-mail not sent stays queued for the outbox
 * worker. Answers the work's promise, which never rejects (failures are logged).
 */
export function resolveAfterAnswer(
  db: Db,
  request: SignInRequest,
  context: FunctionContext,
): Promise<void> {
  const work = resolveSignInRequest(db, request)
    .then(({ emailIds }) => (emailIds.length ? deliverInBackground(db, emailIds) : undefined))
    .catch((error: unknown) => logError('Sign-in request failed', error));
  context.waitUntil?.(work);
  return work;
}

/** Why a live link was not used: the page asks for something first. */
export type SignInRefusal =
  'other-browser' | 'switch-not-confirmed' | 'email-needed' | 'email-wrong';

/**
 * Uses a sign-in link (POST only: opening the e-mailed page uses nothing up). Proves the
 * client's address, joins the orders bought with it that were waiting for the proof, attaches
 * the payment customer of an order this browser paid for (never one another browser paid
 * with the address), and answers the `Set-Cookie` of a new whole-account session; null
 * for an unknown, used or expired link; `other-browser` for a link another browser asked for;
 * `email-needed` / `email-wrong` for an order e-mail's link opened outside its account without
 * its full address.
 */
export async function signInWithMagicLink(
  db: Db,
  token: string,
  req: Request,
  current: ClientAccess | null,
  {
    now = new Date(),
    switchAccount = false,
    email,
  }: { now?: Date; switchAccount?: boolean; email?: string | undefined } = {},
): Promise<string | SignInRefusal | null> {
  // A browser signed in to one account never silently becomes another: the page asked
  // "Switch to …?" and says so; otherwise the link stays unused (login CSRF).
  const acting = current ? actingClientId(current) : null;
  if (acting !== null && !switchAccount) {
    const target = await magicLinkClientId(db, token, now);
    if (target !== null && target !== acting) return 'switch-not-confirmed';
  }
  // An order e-mail's link, opened outside the account: the full address first.
  const address = await checkLinkAddress(db, token, { email, acting, now });
  if (address !== 'ok') return address === 'needed' ? 'email-needed' : 'email-wrong';
  const used = await consumeMagicLink(db, token, req, now);
  if (used === null || used === 'other-browser') return used;
  const client = await findClient(db, used.clientId);
  if (!client) return null;
  await db.transaction(async (tx) => {
    await proveClientEmail(tx, client.id, now);
    const { stripeCustomerId } = await joinWaitingOrders(tx, client, current?.orderIds ?? []);
    await attachStripeCustomer(tx, client.id, stripeCustomerId);
  });
  // Orders this browser paid for under another address stay visible to it.
  return startClientSession(
    db,
    { clientId: client.id, wholeAccount: true, orderIds: current?.orderIds ?? [] },
    { replaces: current, now },
  );
}

/**
 * "Sign out everywhere": ends every session that can read the client's orders, the order
 * sessions of browsers that paid with the client's address included (their orders joined the
 * account after they were granted, so those sessions carry no client), and every sign-in link
 * already sent and not yet used. Answers how many sessions ended.
 */
export function signOutEverywhere(db: Db, clientId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await expireUnusedMagicLinks(tx, clientId);
    return endAllClientSessions(tx, clientId, orderIdsOfClient(tx, clientId));
  });
}
