/**
 * The panel's requests: src/lib/request-json.ts with the CSRF header. A 401 from any call means
 * the session ended (idle, expired or signed out elsewhere), so the panel shows the login form.
 */
import { atom } from 'nanostores';
import { RequestError, requestJson, sendRequest } from '../../lib/request-json';
import { ADMIN_REQUEST_HEADERS } from './admin';
import type { FactorStage } from './second-factor';

/** The signed-in admin and how far the sign-in is (see second-factor.ts). */
export type AdminUserView = { username: string; stage?: FactorStage | undefined };

/** undefined: not checked yet; null: signed out. */
export const $adminUser = atom<AdminUserView | null | undefined>(undefined);

export class AdminApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** A failed admin request as the panel shows it; a 401 means the session ended. */
function adminError(error: unknown, path: string): unknown {
  if (!(error instanceof RequestError)) return error;
  if (error.status === 401 && !path.endsWith('/login')) $adminUser.set(null);
  // The panel shows the function's own sentence, without the status in front.
  return new AdminApiError(error.status, error.detail || error.message);
}

/** An admin request through the islands' one request helper, with the CSRF header. */
export async function adminFetch<T>(
  path: string,
  { method = 'GET', body }: { method?: string; body?: unknown } = {},
): Promise<T> {
  try {
    return await requestJson<T>(method, path, body, { headers: { ...ADMIN_REQUEST_HEADERS } });
  } catch (error) {
    throw adminError(error, path);
  }
}

export type DownloadedFile = { blob: Blob; name: string };

/**
 * A file the server makes from a POST's JSON body (what to export stays out of the URL), under
 * the server's file name, else `fallbackName`.
 */
export async function adminDownload(
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<DownloadedFile> {
  try {
    const res = await sendRequest('POST', path, body, { headers: { ...ADMIN_REQUEST_HEADERS } });
    return downloadedFile(res, fallbackName);
  } catch (error) {
    throw adminError(error, path);
  }
}

/** A download's bytes, under the name its Content-Disposition gives (else `fallbackName`). */
export async function downloadedFile(res: Response, fallbackName: string): Promise<DownloadedFile> {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), name: name ?? fallbackName };
}

/** Hands a fetched file to the browser as a download. */
export function saveFile({ blob, name }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Query string of a list request, leaving out empty filters. */
export function listQueryString(params: Record<string, string | number>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== '' && v !== undefined) qs.set(k, String(v));
  return qs.toString();
}
