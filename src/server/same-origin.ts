import { HttpError } from './responses.ts';

/**
 * Same-origin check for state-changing requests from browsers (CSRF defence). The expected
 * host is the request URL's own (Netlify sets it); a caller-supplied X-Forwarded-Host is not
 * trusted. `Origin: null` (sandboxed frames, privacy redirects) and unparsable origins are
 * refused like foreign ones. Requests without Origin come from non-browser clients.
 */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get('origin');
  if (origin === null) return;
  if (!URL.canParse(origin) || new URL(origin).host !== new URL(req.url).host) {
    throw new HttpError(403, 'Cross-site request refused');
  }
}
