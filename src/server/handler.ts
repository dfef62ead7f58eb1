/**
 * The wrapper every function runs in, the one place failures turn into answers: HttpError as
 * itself, ZodError -> 400 with a readable `error`, a missing secret and an unreachable database
 * -> 503 with Retry-After, anything else a logged 500 with a generic message, never a stack
 * trace. Also Netlify's function context as the functions read it, and its path parameters.
 */
import type { Context } from '@netlify/functions';
import { describeZodError, isZodError } from '../lib/zod-errors.ts';
import { databaseUnavailableResponse } from './db-errors.ts';
import { ConfigurationError } from './env.ts';
import { loggableError } from './loggable-error.ts';
import { assertStorableText } from './request-body.ts';
import { errorJson, HttpError } from './responses.ts';

/**
 * Netlify's v2 function context as the functions read it: `params` (the `:names` of the
 * config's path), `ip`, `waitUntil`. Partial, so tests pass only what a case needs.
 */
export type FunctionContext = Partial<Context>;

export type Handler = (req: Request, context: FunctionContext) => Promise<Response> | Response;

/** A `:name` path parameter as Netlify matched it (undecoded; '' when absent). */
export function pathParam(context: FunctionContext, name: string): string {
  return context.params?.[name] ?? '';
}

/** A numeric `:name` path parameter (a positive row id), or null when absent or not one. */
export function idParam(context: FunctionContext, name = 'id'): number | null {
  const raw = pathParam(context, name);
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/**
 * Wraps a function handler: checks the method, maps HttpError and ZodError to 4xx JSON, a
 * missing secret and an unreachable database to 503 with Retry-After, and logs anything else
 * as a 500 with a generic message.
 */
export function handler(methods: string[], fn: Handler): Handler {
  return async (req, context) => {
    if (!methods.includes(req.method)) {
      return errorJson(405, `Method ${req.method} is not allowed`, { Allow: methods.join(', ') });
    }
    try {
      // The same text rule for query strings as for bodies (e.g. an admin search for "\u0000").
      assertStorableText(Object.fromEntries(new URL(req.url).searchParams));
      return await fn(req, context);
    } catch (error) {
      if (error instanceof HttpError) return errorJson(error.status, error.message, error.headers);
      if (isZodError(error)) return errorJson(400, describeZodError(error));
      if (error instanceof ConfigurationError) return configurationUnavailable(error);
      const unavailable = databaseUnavailableResponse(error);
      if (unavailable) return unavailable;
      console.error('Unhandled function error', loggableError(error));
      return errorJson(500, 'Something went wrong on our side. Please try again.');
    }
  };
}

/** What visitors read while a deploy lacks a required secret; the log names the variable. */
export const SERVICE_NOT_CONFIGURED =
  'This service is not available right now. Please try again later or contact us.';

/** 503 for a misconfigured deploy, with one log line naming the missing variable(s). */
function configurationUnavailable(error: ConfigurationError): Response {
  console.error(`[configuration] ${error.message}`);
  return errorJson(503, SERVICE_NOT_CONFIGURED, { 'Retry-After': '300' });
}
