// Server only: importing this in an island would load zod's core error class and English locale,
// which zod/mini does not ship, with the page.
import { $ZodError, config } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';

config(en());

export function isZodError(error: unknown): error is $ZodError {
  return error instanceof $ZodError;
}

export function describeZodError(error: $ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
