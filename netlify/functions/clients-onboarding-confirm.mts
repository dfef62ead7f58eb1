/**
 * GET /api/clients/onboarding/confirm?token=…: the link e-mailed to the address typed in the
 * client onboarding form. Using it proves the address, so the portal account is created and
 * its login details e-mailed there; the browser is sent back to /client-onboarding with the
 * outcome (`?account=ready|pending|invalid`), or to the demo portal in Demo Mode. A mail
 * scanner fetching the link can only cause what the address's owner asked for: the details
 * still go to that inbox, never to whoever opened the link.
 */
import type { Config } from '@netlify/functions';
import { confirmClientOnboarding } from '../../src/features/client-onboarding/client-onboarding.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { handler, withSecurityHeaders } from '../../src/server/http.ts';
import { deliverInBackground } from '../../src/server/mail/outbox.ts';

const back = (location: string) =>
  new Response(null, { status: 303, headers: withSecurityHeaders({ Location: location }) });

export default handler(['GET'], async (req, context) => {
  const token = new URL(req.url).searchParams.get('token') ?? '';
  const db = await getDb();
  const result = await confirmClientOnboarding(db, token);
  if (result.state === 'invalid') return back('/client-onboarding?account=invalid');
  if (result.state === 'pending') return back('/client-onboarding?account=pending');
  if (result.emailIds.length) void deliverInBackground(db, result.emailIds, context);
  return back(result.simulated ? result.dashboardUrl : '/client-onboarding?account=ready');
});

export const config: Config = { path: '/api/clients/onboarding/confirm', method: ['GET'] };
