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

export type FunctionContext = Partial<Context>;

export type Handler = (req: Request, context: FunctionContext) => Promise<Response> | Response;

/** Undecoded; '' when absent. */
export function pathParam(context: FunctionContext, name: string): string {
  return context.params?.[name] ?? '';
}

export function idParam(context: FunctionContext, name = 'id'): number | null {
  const raw = pathParam(context, name);
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

export const SLOW_REQUEST_MS = 2_000;

type Answer = { response: Response; msg?: string; error?: string };

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

export const SERVICE_NOT_CONFIGURED =
  'This service is not available right now. Please try again later or contact us.';
