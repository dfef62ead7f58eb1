/**
 * zod's failures as the server answers them: one sentence naming the first problem. The shared
 * form schemas are zod/mini (small for the islands), which ships no messages of its own, so the
 * English locale is set here: the server's answers name the problem in English, e.g. "expected
 * object, received array". Server code only (src/server/handler.ts): the islands word their
 * own messages, and importing this would load zod's core error class and the English locale
 * with the page.
 */
import { $ZodError, config } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';

config(en());

/** Whether `error` is a failed parse, of a classic (zod.ts) or a zod/mini schema alike. */
export function isZodError(error: unknown): error is $ZodError {
  return error instanceof $ZodError;
}

/** Turns a ZodError into one sentence naming the first problem, e.g. "email: Please enter a valid email address". */
export function describeZodError(error: $ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
