// The islands' JSON request helper: no dependencies, so an island can use it without loading zod.

/** The spec's rule for any non-OK response: "{status}: {body text or status text}". */
export function httpErrorMessage(status: number, statusText: string, bodyText: string): string {
  return `${status}: ${bodyText || statusText}`;
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
    throw new Error(httpErrorMessage(res.status, res.statusText, text));
  }
  return (await res.json()) as T;
}
