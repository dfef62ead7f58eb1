// Requesting a link must not tell who our clients are, by answer or timing: the request does the
// same work for every address, the rest happens after the answer (`waitUntil`). Past the address
// limit the reply is the same and no e-mail goes, so nobody can lock a client out or flood them.
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

/** The limit is keyed by the client's id, so no address a stranger typed is ever stored. */
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

/** Never rejects (failures are logged); an e-mail not sent stays queued for the outbox worker. */
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

export type SignInRefusal =
  'other-browser' | 'switch-not-confirmed' | 'email-needed' | 'email-wrong';

// POST only: opening the e-mailed page uses nothing up. Attaches the payment customer only of an
// order this browser paid for, never one another browser paid with the address.
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

/** Order sessions of browsers that paid with the address end too, and every unused link. */
export function signOutEverywhere(db: Db, clientId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await expireUnusedMagicLinks(tx, clientId);
    return endAllClientSessions(tx, clientId, orderIdsOfClient(tx, clientId));
  });
}
