// A 401 from any call means the session ended (idle, expired or signed out elsewhere).
import { atom } from 'nanostores';
import { RequestError, requestJson, sendRequest } from '../../../lib/request-json';
import { ADMIN_REQUEST_HEADERS } from '../admin';
import type { FactorStage } from '../../../server/auth/factor-steps';

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

function adminError(error: unknown, path: string): unknown {
  if (!(error instanceof RequestError)) return error;
  if (error.status === 401 && !path.endsWith('/login')) $adminUser.set(null);
  return new AdminApiError(error.status, error.detail || error.message);
}

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

type DownloadedFile = { blob: Blob; name: string };

/** A file the server makes from a POST body (what to export stays out of the URL). */
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

export async function downloadedFile(res: Response, fallbackName: string): Promise<DownloadedFile> {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), name: name ?? fallbackName };
}

export function saveFile({ blob, name }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function listQueryString(params: Record<string, string | number>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== '' && v !== undefined) qs.set(k, String(v));
  return qs.toString();
}
