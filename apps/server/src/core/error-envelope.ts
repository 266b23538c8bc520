import { ZodError } from 'zod';
import { ERROR_STATUS, type ErrorCode, fieldMessagesOf } from '@crm/domain';
import { AppError } from './app-error.js';
import { isDependencyDown, serviceUnavailable } from './dependency-errors.js';

export interface ErrorEnvelope {
  statusCode: number;
  code: ErrorCode;
  message: string;
  data?: Record<string, unknown>;
}

/** Field -> messages, as the validation envelope wants (the rule lives in the domain, shared with the browser). */
export const zodIssuesToFields = fieldMessagesOf;

export function validationError(error: ZodError): AppError {
  return AppError.validation(zodIssuesToFields(error.issues));
}

/** Any thrown value -> the envelope. Unknown errors become a bare 500: no stack, no SQL. */
export function toEnvelope(error: unknown): ErrorEnvelope {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) };
  }
  if (error instanceof ZodError) return toEnvelope(validationError(error));
  if (isDependencyDown(error)) return toEnvelope(serviceUnavailable());
  return { statusCode: ERROR_STATUS.INTERNAL_SERVER_ERROR, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' };
}
