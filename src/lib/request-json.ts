// The islands' JSON request helper: no dependencies, so an island can use it without loading zod.

/**
 * The spec's rule for any non-OK response: "{status}: {body text or status text}". The
 * functions answer `{"error": "..."}`; its sentence is shown rather than the raw JSON.
 */
export function httpErrorMessage(status: number, statusText: string, bodyText: string): string {
  return `${status}: ${jsonError(bodyText) ?? (bodyText || statusText)}`;
}

function jsonError(bodyText: string): string | undefined {
  if (!bodyText.startsWith('{')) return undefined;
  try {
    const { error } = JSON.parse(bodyText) as { error?: unknown };
    return typeof error === 'string' && error ? error : undefined;
  } catch {
    return undefined;
  }
}

/** A non-OK answer; `status` lets a page tell "try again later" (503) from "not found". */
export class RequestError extends Error {
  override name = 'RequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Sends a request the way every island does (credentials, JSON body) and parses the JSON
 * answer; a non-OK response throws the spec's "{status}: {body}" error.
 */
export async function requestJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new RequestError(res.status, httpErrorMessage(res.status, res.statusText, text));
  }
  return (await res.json()) as T;
}
