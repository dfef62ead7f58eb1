/**
 * POST /api/simulated-checkout — the form on the simulated payment page (Pay, Decline,
 * Cancel). Answers with a 303 to wherever the buyer goes next. Simulated mode only.
 */
import { ZodError } from 'zod';
import {
  runSimulatedAction,
  simulatedActionSchema,
} from '../../src/features/checkout/checkout.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { readEnv } from '../../src/server/env.ts';
import {
  HttpError,
  assertSameOrigin,
  errorJson,
  handler,
  withSecurityHeaders,
} from '../../src/server/http.ts';

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: withSecurityHeaders({ Location: location }) });

export default handler(['POST'], async (req) => {
  if (!readEnv().simulatedPayments) return errorJson(404, 'Not found');
  assertSameOrigin(req);
  if (Number(req.headers.get('content-length') ?? '0') > 16 * 1024)
    throw new HttpError(413, 'Request body is too large');
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    return errorJson(400, 'Expected a form submission');
  }
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
  try {
    return seeOther(await runSimulatedAction(await getDb(), simulatedActionSchema.parse(fields)));
  } catch (error) {
    // A bad name or e-mail goes back to the payment page, which explains what to fix.
    if (error instanceof ZodError && typeof fields.session === 'string') {
      const back = new URLSearchParams({ session: fields.session, error: 'details' });
      return seeOther(`/pay/simulated?${back}`);
    }
    throw error;
  }
});

export const config = { path: '/api/simulated-checkout', method: ['POST'] };
