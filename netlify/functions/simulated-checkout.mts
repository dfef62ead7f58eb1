import type { Config } from '@netlify/functions';
import { ZodError } from '../../src/lib/zod.ts';
import {
  runSimulatedAction,
  simulatedActionSchema,
} from '../../src/features/checkout/checkout.server.ts';
import { getDb } from '../../src/server/db/client.ts';
import { simulatedOnly } from '../../src/server/simulated-only.ts';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';
import { logError } from '../../src/server/log.ts';
import { handler } from '../../src/server/handler.ts';
import { assertStorableText } from '../../src/server/request-body.ts';
import { HttpError, errorJson, withSecurityHeaders } from '../../src/server/responses.ts';
import { assertSameOrigin } from '../../src/server/same-origin.ts';

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: withSecurityHeaders({ Location: location }) });

export default handler(['POST'], async (req, context) => {
  const off = simulatedOnly();
  if (off) return off;
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
    assertStorableText(fields);
    return seeOther(
      await runSimulatedAction(await getDb(), simulatedActionSchema.parse(fields), context, {
        origin: new URL(req.url).origin,
        visitor: req,
      }),
    );
  } catch (error) {
    // The form is a page navigation: failures go back to the payment page, which explains
    // them (a bad name or e-mail, or a database that cannot be reached), never a bare JSON.
    const session = typeof fields.session === 'string' ? fields.session.slice(0, 200) : '';
    const badInput =
      error instanceof ZodError || (error instanceof HttpError && error.status === 400);
    const reason = badInput ? 'details' : isDatabaseUnavailable(error) ? 'unavailable' : null;
    if (reason && session) {
      if (reason === 'unavailable') logError('Database unavailable', error);
      return seeOther(`/pay/simulated?${new URLSearchParams({ session, error: reason })}`);
    }
    throw error;
  }
});

export const config: Config = { path: '/api/simulated-checkout', method: ['POST'] };
