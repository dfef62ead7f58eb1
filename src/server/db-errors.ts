/**
 * A database failure as a function answers it: a database that cannot be reached (down,
 * restarting, its migrations not yet run; db/unavailable.ts tells which) is the visitor's to
 * retry later, a 503 with Retry-After. Any other failed query is a bug, left to the 500.
 */
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
} from './db/unavailable.ts';
import { errorJson } from './responses.ts';

/**
 * 503 with Retry-After when `error` is an unreachable database (handler.ts logs it with the
 * request); null for any other error.
 */
export function databaseUnavailableResponse(error: unknown): Response | null {
  if (!isDatabaseUnavailable(error)) return null;
  return errorJson(503, DATABASE_UNAVAILABLE, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });
}
