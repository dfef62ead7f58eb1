// A hint for /admin's first paint, never a credential (the session cookie is HttpOnly): with it,
// "Checking your session..." shows, so a signed-in operator sees no sign-in form flash.
import { clearDraft, writeDraft } from '../../components/form/draft';

/** ExpectAdminSession.astro's inline script reads the same key. */
export const ADMIN_SESSION_HINT_KEY = 'admin-signed-in';

export function rememberAdminSession(present: boolean): void {
  if (present) writeDraft(ADMIN_SESSION_HINT_KEY, 1);
  else clearDraft(ADMIN_SESSION_HINT_KEY);
}
