/**
 * Whether this browser last had a client session: a hint for what to show first, never a
 * credential (the session cookie is HttpOnly and only the server decides who is signed in).
 * /dashboard reads it before its first paint (ExpectSession.astro): without it the page shows the
 * sign-in card at once, which is what most visitors need; with it, "Loading your dashboard…",
 * so a returning client does not see a sign-in form flash before their orders.
 */
import { clearDraft, writeDraft } from '../../components/form/draft';

/** ExpectSession.astro's inline script reads the same key. */
export const CLIENT_SESSION_HINT_KEY = 'client-portal-signed-in';

/**
 * Records what the server last answered: a session was there (`true`) or not. The draft
 * helpers fail soft: with storage blocked, the page shows the sign-in card until the server
 * answers.
 */
export function rememberClientSession(present: boolean): void {
  if (present) writeDraft(CLIENT_SESSION_HINT_KEY, 1);
  else clearDraft(CLIENT_SESSION_HINT_KEY);
}
