import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
} from './db/unavailable.ts';
import { errorJson } from './responses.ts';

export function databaseUnavailableResponse(error: unknown): Response | null {
  if (!isDatabaseUnavailable(error)) return null;
  return errorJson(503, DATABASE_UNAVAILABLE, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });
}
