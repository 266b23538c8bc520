import { ERROR_STATUS, type ErrorCode } from '@crm/domain';

// The one error type of the server. Services throw it; Fastify's error handler and tRPC's error
// formatter are the only two places that turn it into the error envelope (docs/api.md 'Errors').
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }

  static validation(fields: Record<string, string[]>, message = 'Validation failed') {
    return new AppError('VALIDATION_ERROR', message, fields);
  }
  static unauthorized(message = 'Unauthorized') {
    return new AppError('UNAUTHORIZED', message);
  }
  static forbidden(message = 'You do not have permission to perform this action.') {
    return new AppError('FORBIDDEN', message);
  }
  static notFound(message = 'Not found') {
    return new AppError('NOT_FOUND', message);
  }
  static conflict(message: string, data?: Record<string, unknown>) {
    return new AppError('CONFLICT', message, data);
  }
}

/**
 * A readiness probe's answer while PostgreSQL or Redis is down (503, `data.down` names them): expected, so the error
 * handler does not log it as a failed request.
 */
export class NotReadyError extends AppError {
  constructor(readonly down: readonly string[]) {
    super('SERVICE_UNAVAILABLE', `Not ready: ${down.join(', ')} down`, { down });
  }
}
