/**
 * The one guard for what exists only while payments are simulated (SIMULATED_PAYMENTS=1, which
 * `npm run dev`, the local preview and the test runners set; never with a Stripe key or in
 * production): the /api/test/* functions, the simulated payment page and the SSR test pages.
 * Anywhere else they are a plain 404, whatever else the deploy lacks.
 */
import { simulatedPaymentsEnabled } from './env.ts';
import { errorJson } from './responses.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

function simulatedPaymentsOn(): boolean {
  return simulatedPaymentsEnabled();
}

/** For functions: the 404 to answer when payments are real, else null (go on). */
export function simulatedOnly(): Response | null {
  return simulatedPaymentsOn() ? null : errorJson(404, 'Not found');
}

/**
 * For SSR pages: sets the security headers and no-store, and a 404 status when payments are
 * real. Answers whether the page may render its content (else it renders the not-found page).
 */
export function simulatedOnlyPage(response: ResponseInit & { readonly headers: Headers }): boolean {
  const on = simulatedPaymentsOn();
  if (!on) response.status = 404;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  response.headers.set('Cache-Control', 'no-store');
  return on;
}
