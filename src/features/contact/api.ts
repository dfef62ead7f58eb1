/**
 * The storefront's request helper (spec §7/§8), shared by the contact and meeting forms:
 * credentials on every request, a JSON body with a JSON content type, and any non-OK
 * response raised as "{status}: {body text or status text}".
 */

const MAX_ERROR_TEXT = 300;

/**
 * The body text of a failed response. Our functions answer `{ error }` (or `{ message }`);
 * that sentence is shown instead of the raw JSON so the visitor reads e.g.
 * "429: Too many requests. Please wait 10 minutes and try again."
 */
async function errorText(res: Response): Promise<string> {
  const text = (await res.text().catch(() => '')).trim();
  if (!text) return res.statusText || 'Request failed';
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: show the text itself.
  }
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text;
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (data !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(data);
  }
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${res.status}: ${await errorText(res)}`);
  return res;
}
