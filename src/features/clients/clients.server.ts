/**
 * The clients feature's front door for other features: client records (client-records), the
 * sessions a browser holds (client-sessions), sign-in links (magic-links) and the CRM
 * link (crm-link). Nothing outside this folder imports those modules directly.
 */
export {
  attachStripeCustomer,
  clientForPurchase,
  emailsOfClients,
  findClient,
  findClientByEmail,
  isProven,
  normaliseEmail,
  personalData as clientRecordsPersonalData,
  proveClientEmail,
  rememberClientName,
} from './client-records.server.ts';
export {
  actingClientId,
  canSeeOrder,
  clearClientSessionCookie,
  CLIENT_SESSION_COOKIE,
  endAllClientSessions,
  endClientSession,
  grantOrderToBrowser,
  personalData as clientSessionsPersonalData,
  provenCustomerId,
  readClientAccess,
  requireWholeAccount,
  startClientSession,
  type ClientAccess,
} from './client-sessions.server.ts';
export {
  accountReadyEmail,
  connectClient,
  crmDashboardUrl,
  crmStatus,
  linkClientToCrm,
  requireOwnAccount,
  requireProvenAccount,
} from './crm-link.server.ts';
export {
  checkLinkAddress,
  consumeMagicLink,
  createMagicLink,
  expireUnusedMagicLinks,
  magicLinkClientId,
  magicLinkTokenSchema,
  MAGIC_LINK_PATH,
  magicLinkUrl,
  personalData as magicLinksPersonalData,
  previewMagicLink,
  SIGN_IN_NONCE_COOKIE,
  signInNonce,
  type MagicLinkPreview,
} from './magic-links.server.ts';
