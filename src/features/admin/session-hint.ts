/**
 * Whether this browser last had an admin session: a hint for what /admin shows first, never a
 * credential (the session cookie is HttpOnly and only the server decides who is signed in).
 * ExpectAdminSession.astro reads it before the first paint: without it the page shows the
 * sign-in card at once, from the server's HTML; with it, "Checking your session...", so a
 * signed-in operator does not see a sign-in form flash before the panel.
 */
import { clearDraft, writeDraft } from '../../components/form/draft';

/** ExpectAdminSession.astro's inline script reads the same key. */
export const ADMIN_SESSION_HINT_KEY = 'admin-signed-in';

/** Records what the server last answered; with storage blocked it does nothing. */
export function rememberAdminSession(present: boolean): void {
  if (present) writeDraft(ADMIN_SESSION_HINT_KEY, 1);
  else clearDraft(ADMIN_SESSION_HINT_KEY);
}
