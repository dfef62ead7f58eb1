import { clearDraft, writeDraft } from '../components/form/draft';

// A hint for a first paint, never a credential (session cookies are HttpOnly): with it the page's
// stand-in says the session is being checked, so a signed-in visitor sees no sign-in form flash.
export const SESSION_HINT_KEYS = {
  admin: 'admin-signed-in',
  client: 'client-portal-signed-in',
} as const;

export type SessionHolder = keyof typeof SESSION_HINT_KEYS;

/** Storage blocked: nothing kept, and the sign-in card shows until the server answers. */
export function rememberSession(holder: SessionHolder, present: boolean): void {
  const key = SESSION_HINT_KEYS[holder];
  if (present) writeDraft(key, 1);
  else clearDraft(key);
}
