/** Requests as a browser sends them to a function, for the function tests. */

/**
 * A JSON POST from `ip` (Netlify's client-address header). `raw` sends a string body as is,
 * for malformed-JSON cases; otherwise the body is serialised.
 */
export function jsonPost(
  url: string,
  ip: string,
  body: unknown,
  headers: Record<string, string> = {},
  raw = false,
): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-nf-client-connection-ip': ip, ...headers },
    body: raw ? (body as string) : JSON.stringify(body),
  });
}
