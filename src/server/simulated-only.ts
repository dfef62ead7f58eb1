// Unless payments are simulated, test pages and /api/test/* are a plain 404, even on a bad deploy.
import { simulatedPaymentsEnabled } from './env.ts';
import { errorJson } from './responses.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

function simulatedPaymentsOn(): boolean {
  return simulatedPaymentsEnabled();
}

export function simulatedOnly(): Response | null {
  return simulatedPaymentsOn() ? null : errorJson(404, 'Not found');
}

/** Whether the page may render its content (else it renders the not-found page). */
export function simulatedOnlyPage(response: ResponseInit & { readonly headers: Headers }): boolean {
  const on = simulatedPaymentsOn();
  if (!on) response.status = 404;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  response.headers.set('Cache-Control', 'no-store');
  return on;
}
