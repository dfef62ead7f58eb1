/**
 * The clients feature's front door for other features: client records (client-records), the
 * sessions a browser holds (client-sessions), sign-in links (magic-links) and the CRM
 * link (crm-link). Nothing outside this folder imports those modules directly.
 */
export {
  attachStripeCustomer,
  clientForPurchase,
  findClient,
  findClientByEmail,
  isProven,
  normaliseEmail,
  proveClientEmail,
  rememberClientName,
} from './client-records.server.ts';
export {
  actingClientId,
  canSeeOrder,
  CLIENT_SESSION_COOKIE,
  grantOrderToBrowser,
  readClientAccess,
  startClientSession,
  type ClientAccess,
} from './client-sessions.server.ts';
export { connectClient, linkClientToCrm } from './crm-link.server.ts';
export { consumeMagicLink, createMagicLink, magicLinkUrl } from './magic-links.server.ts';
