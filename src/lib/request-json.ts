// No dependencies, so an island can use it without loading zod.
const MAX_ERROR_TEXT = 300;

/** The spec's rule for any non-OK response: "{status}: {body text or status text}". */
export function httpErrorMessage(status: number, statusText: string, bodyText: string): string {
  const text = bodyText.trim();
  const shown = jsonError(text) ?? text;
  if (!shown) return `${status}: ${statusText || 'Request failed'}`;
  return `${status}: ${shown.length > MAX_ERROR_TEXT ? `${shown.slice(0, MAX_ERROR_TEXT)}…` : shown}`;
}

function jsonError(bodyText: string): string | undefined {
  if (!bodyText.startsWith('{')) return undefined;
  try {
    const { error, message } = JSON.parse(bodyText) as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    return typeof message === 'string' && message ? message : undefined;
  } catch {
    return undefined;
  }
}

export class RequestError extends Error {
  override name = 'RequestError';
  readonly status: number;
  readonly detail: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, message: string, detail?: string, retryAfterSeconds?: number) {
    super(message);
    this.status = status;
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

type RequestOptions = { headers?: Record<string, string> };

function isRawBody(body: unknown): body is Blob | FormData {
  return (
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof FormData !== 'undefined' && body instanceof FormData)
  );
}

export async function sendRequest(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (isRawBody(body)) init.body = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new RequestError(0, NETWORK_ERROR);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    const retryAfter = Number(res.headers.get('retry-after') ?? '');
    throw new RequestError(
      res.status,
      httpErrorMessage(res.status, res.statusText, text),
      jsonError(text.trim()),
      Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return res;
}

export const NETWORK_ERROR = 'Network error. Please check your connection and try again.';

export async function requestJson<T>(
  method: string,
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return (await (await sendRequest(method, url, body, options)).json()) as T;
}
