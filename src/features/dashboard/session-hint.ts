// A hint for /dashboard's first paint, never a credential (the session cookie is HttpOnly): with
// it "Loading your dashboard…" shows, so a returning client sees no sign-in form flash.
import { clearDraft, writeDraft } from '../../components/form/draft';

/** ExpectSession.astro's inline script reads the same key. */
export const CLIENT_SESSION_HINT_KEY = 'client-portal-signed-in';

/** Storage blocked: nothing kept, and the sign-in card shows until the server answers. */
export function rememberClientSession(present: boolean): void {
  if (present) writeDraft(CLIENT_SESSION_HINT_KEY, 1);
  else clearDraft(CLIENT_SESSION_HINT_KEY);
}
