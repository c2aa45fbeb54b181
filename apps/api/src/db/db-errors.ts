/**
 * Tells errors that mean "the database cannot be reached right now" (server restarting, connection
 * cut, pool cannot connect in time) from errors of the request itself. The former become
 * 503 with Retry-After (docs/adr/0007-database-faults.md); the latter keep their own status.
 */

/** The answer a request gets while the database is unavailable. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not available right now. Try again in a few seconds.';
/** Seconds a client should wait before retrying after a 503. */
export const RETRY_AFTER_SECONDS = 5;

// SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections,
// database_dropped is not one (that is a configuration error). Class 08 is connection exceptions.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SYSCALL_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres and pg-pool report these as plain Errors without a code.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^Query read timeout$/,
];

/** True when `error` (or an error it wraps) says the database is unreachable, not that the request is wrong. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (UNAVAILABLE_SYSCALL_CODES.has(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
    return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}
