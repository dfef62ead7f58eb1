/**
 * The panel's requests: src/lib/request-json.ts with the CSRF header. A 401 from any call means
 * the session ended (idle, expired or signed out elsewhere), so the panel shows the login form.
 */
import { atom } from 'nanostores';
import { RequestError, requestJson } from '../../lib/request-json';
import { ADMIN_REQUEST_HEADERS } from './admin';
import type { FactorStage } from './second-factor';

/** The signed-in admin and how far the sign-in is (see second-factor.ts). */
export type AdminUserView = { username: string; stage?: FactorStage | undefined };

/** undefined: not checked yet; null: signed out. */
export const $adminUser = atom<AdminUserView | null | undefined>(undefined);

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** An admin request through the islands' one request helper, with the CSRF header. */
export async function adminFetch<T>(
  path: string,
  { method = 'GET', body }: { method?: string; body?: unknown } = {},
): Promise<T> {
  try {
    return await requestJson<T>(method, path, body, { headers: { ...ADMIN_REQUEST_HEADERS } });
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    if (error.status === 401 && !path.endsWith('/login')) $adminUser.set(null);
    // The panel shows the function's own sentence, without the status in front.
    throw new AdminApiError(error.status, error.detail || error.message);
  }
}

/** Query string of a list request, leaving out empty filters. */
export function listQueryString(params: Record<string, string | number>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== '' && v !== undefined) qs.set(k, String(v));
  return qs.toString();
}
