/**
 * The panel's fetch helper: same-origin JSON with the CSRF header. A 401 from any call means
 * the session ended (idle, expired or signed out elsewhere), so the panel shows the login form.
 */
import { atom } from 'nanostores';
import { ADMIN_REQUEST_HEADERS } from './admin';

export type AdminUserView = { username: string };

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

export async function adminFetch<T>(
  path: string,
  { method = 'GET', body }: { method?: string; body?: unknown } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...ADMIN_REQUEST_HEADERS,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new AdminApiError(0, 'Network error. Please check your connection and try again.');
  }
  const data = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) {
    if (res.status === 401 && !path.endsWith('/login')) $adminUser.set(null);
    throw new AdminApiError(res.status, data.error || `${res.status}: ${res.statusText}`);
  }
  return data as T;
}

/** Query string of a list request, leaving out empty filters. */
export function listQueryString(params: Record<string, string | number>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== '' && v !== undefined) qs.set(k, String(v));
  return qs.toString();
}
