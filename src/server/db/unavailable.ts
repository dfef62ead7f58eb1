// Unreachable is the visitor's to retry (503); a failed query is a bug (500). Drivers and drizzle
// wrap errors, so the whole `cause` chain is read.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || // connection exception
    code === '57P01' || // admin_shutdown
    code === '57P02' || // crash_shutdown
    code === '57P03' || // cannot_connect_now
    code === '53300' // too_many_connections
  );
}

const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection terminated unexpectedly/i,
  /Cannot use a pool after calling end/i,
  // A statement sent on a connection the server had just terminated.
  /Client was closed and is not queryable/i,
  /WebSocket .*(closed|error)/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    // A hosted database whose migrations have not run yet (src/server/db/schema-check.ts).
    if ((current as Error).name === 'DatabaseSchemaError') return true;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code)))
      return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable))
      return true;
    current = cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE =
  'We could not reach our database. Nothing you typed was lost; please try again in a minute.';
export const DATABASE_RETRY_AFTER_SECONDS = 30;
