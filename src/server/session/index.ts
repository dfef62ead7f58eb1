/** The client session (signed cookie) and the magic links that grant it. */
export {
  CLIENT_SESSION_COOKIE,
  CLIENT_SESSION_MAX_AGE_SECONDS,
  type ClientSession,
  clearClientSessionCookie,
  createClientSessionCookie,
  decodeClientSession,
  encodeClientSession,
  readClientSession,
  readCookie,
} from './client-session.ts';
export {
  MAGIC_LINK_PATH,
  MAGIC_LINK_TTL_SECONDS,
  consumeMagicLink,
  createMagicLink,
  hashToken,
  magicLinkUrl,
} from './magic-link.ts';
