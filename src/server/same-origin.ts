import { HttpError } from './responses.ts';

// X-Forwarded-Host is caller-supplied, so the request URL's own host is expected. `Origin: null`
// is refused like a foreign origin; requests without Origin come from non-browser clients.
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get('origin');
  if (origin === null) return;
  if (!URL.canParse(origin) || new URL(origin).host !== new URL(req.url).host) {
    throw new HttpError(403, 'Cross-site request refused');
  }
}
