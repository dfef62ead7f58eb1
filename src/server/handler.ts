/**
 * The wrapper every function runs in, the one place failures turn into answers: HttpError as
 * itself, ZodError -> 400 with a readable `error`, a missing secret and an unreachable database
 * -> 503 with Retry-After, anything else a 500 with a generic message, never a stack trace.
 * Each refused, failed or slow request is logged as one JSON line (src/server/log.ts).
 * Also Netlify's function context as the functions read it, and its path parameters.
 */
import type { Context } from '@netlify/functions';
import { describeZodError, isZodError } from '../lib/zod-errors.ts';
import { databaseUnavailableResponse } from './db-errors.ts';
import { ConfigurationError } from './env.ts';
import { reportToErrorWebhook } from './error-webhook.ts';
import {
  callerFileName,
  currentScope,
  errorField,
  inRequestScope,
  logLine,
  loggablePath,
  requestIdOf,
  writeLine,
  type LogLevel,
} from './log.ts';
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

/** A request slower than this is logged even when it succeeded. */
export const SLOW_REQUEST_MS = 2_000;

type Answer = { response: Response; msg?: string; error?: string };

/**
 * Wraps a function handler: checks the method, maps HttpError and ZodError to 4xx JSON, a
 * missing secret and an unreachable database to 503 with Retry-After, anything else to a 500
 * with a generic message; logs every 4xx and 5xx and every slow request, and sends each 5xx to
 * the error webhook (ERROR_WEBHOOK_URL).
 */
export function handler(methods: string[], fn: Handler): Handler {
  const functionName = callerFileName(new Error().stack);
  return (req, context) => {
    const started = performance.now();
    const scope = { requestId: requestIdOf(req, context), function: functionName };
    return inRequestScope(scope, async () => {
      const answer = await answerRequest(methods, fn, req, context);
      logRequest(req, context, answer, Math.round(performance.now() - started));
      return answer.response;
    });
  };
}

async function answerRequest(
  methods: string[],
  fn: Handler,
  req: Request,
  context: FunctionContext,
): Promise<Answer> {
  if (!methods.includes(req.method)) {
    return {
      response: errorJson(405, `Method ${req.method} is not allowed`, {
        Allow: methods.join(', '),
      }),
    };
  }
  try {
    // The same text rule for query strings as for bodies (e.g. an admin search for "\u0000").
    assertStorableText(Object.fromEntries(new URL(req.url).searchParams));
    return { response: await fn(req, context) };
  } catch (error) {
    if (error instanceof HttpError) {
      return { response: errorJson(error.status, error.message, error.headers) };
    }
    if (isZodError(error)) return { response: errorJson(400, describeZodError(error)) };
    if (error instanceof ConfigurationError) {
      return {
        response: errorJson(503, SERVICE_NOT_CONFIGURED, { 'Retry-After': '300' }),
        msg: 'Configuration missing',
        error: error.message,
      };
    }
    const unavailable = databaseUnavailableResponse(error);
    if (unavailable) {
      return { response: unavailable, msg: 'Database unavailable', error: errorField(error) };
    }
    return {
      response: errorJson(500, 'Something went wrong on our side. Please try again.'),
      msg: 'Unhandled function error',
      error: errorField(error),
    };
  }
}

/** One line per refused, failed or slow request; 5xx lines go to the error webhook too. */
function logRequest(req: Request, context: FunctionContext, answer: Answer, durationMs: number) {
  const { status } = answer.response;
  const slow = durationMs >= SLOW_REQUEST_MS;
  if (status < 400 && !slow) return;
  const level: LogLevel = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  const msg =
    answer.msg ??
    (status >= 500 ? 'Request failed' : status >= 400 ? 'Request refused' : 'Slow request');
  const error = answer.error ?? currentScope()?.note;
  const line = logLine(level, msg, {
    method: req.method,
    path: loggablePath(req.url, context.params),
    status,
    durationMs,
    ...(error ? { error } : {}),
  });
  writeLine(line);
  if (status >= 500) reportToErrorWebhook(line, context);
}

/** What visitors read while a deploy lacks a required secret; the log names the variable. */
export const SERVICE_NOT_CONFIGURED =
  'This service is not available right now. Please try again later or contact us.';
