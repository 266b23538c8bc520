import { AppError } from './app-error.js';

// A request that failed because PostgreSQL or Redis does not answer is not the caller's fault nor a bug: it answers
// 503 with Retry-After, naming nothing internal (no host, no driver text), and the caller may simply try again.

const RETRY_AFTER_SECONDS = '5';

/** Network failures of any client (pg, ioredis). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** PostgreSQL: connection exceptions (class 08), shutting down or starting up (57P01-57P03). */
const POSTGRES_CODES = /^(08\w{3}|57P0[123])$/;
/** Prisma: cannot reach or lost the database server, connection pool timeout. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** ioredis, when its connection is gone or gave up retrying. */
const REDIS_MESSAGES = [
  /Connection is closed/i,
  /Stream isn't writeable/i,
  /Reached the max retries per request limit/i,
  /connect ECONNREFUSED/i,
];
const DRIVER_TEXT = /Can't reach database server|ECONNREFUSED|Connection terminated|connection timeout|DatabaseNotReachable/i;

interface Inspectable {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: unknown;
  errors?: unknown;
}

function causesOf(error: unknown, depth = 0): unknown[] {
  if (!error || typeof error !== 'object' || depth > 5) return [];
  const e = error as Inspectable;
  const meta = e.meta && typeof e.meta === 'object' ? (e.meta as { driverAdapterError?: unknown }).driverAdapterError : undefined;
  const nested = Array.isArray(e.errors) ? e.errors : [];
  return [error, ...[e.cause, meta, ...nested].flatMap((next) => causesOf(next, depth + 1))];
}

/** Is this error a database or Redis that did not answer? */
export function isDependencyDown(error: unknown): boolean {
  return causesOf(error).some((cause) => {
    const e = cause as Inspectable;
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    const name = typeof e.name === 'string' ? e.name : '';
    if (NETWORK_CODES.has(code) || POSTGRES_CODES.test(code) || PRISMA_CODES.has(code)) return true;
    if (name === 'PrismaClientInitializationError' || name === 'MaxRetriesPerRequestError') return true;
    return REDIS_MESSAGES.some((pattern) => pattern.test(message)) || (name.startsWith('Prisma') && DRIVER_TEXT.test(message));
  });
}

export function serviceUnavailable(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.', undefined, {
    'retry-after': RETRY_AFTER_SECONDS,
  });
}
