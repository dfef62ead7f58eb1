// Other features reach the clients folder only through this module.
export {
  attachStripeCustomer,
  clientForPurchase,
  emailsOfClients,
  findClient,
  findClientByEmail,
  isProven,
  normaliseEmail,
  proveClientEmail,
} from './client-records.server.ts';
export {
  actingClientId,
  canSeeOrder,
  clearClientSessionCookie,
  CLIENT_SESSION_COOKIE,
  endAllClientSessions,
  endClientSession,
  grantOrderToBrowser,
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
  previewMagicLink,
  SIGN_IN_NONCE_COOKIE,
  signInNonce,
} from './magic-links.server.ts';
