import { ZodError, type z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '@crm/domain';
import { AppError } from './app-error.js';

export interface ErrorEnvelope {
  statusCode: number;
  code: ErrorCode;
  message: string;
  data?: Record<string, unknown>;
}

/** Field -> messages, as CONTRACT.md's validation envelope wants; the root of a body is `_`. */
export function zodIssuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (fields[[...issue.path, key].join('.')] ??= []).push(`Unknown field '${key}'.`);
      continue;
    }
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    const list = (fields[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fields;
}

export function validationError(error: ZodError): AppError {
  return AppError.validation(zodIssuesToFields(error.issues));
}

/** Any thrown value -> the envelope. Unknown errors become a bare 500: no stack, no SQL. */
export function toEnvelope(error: unknown): ErrorEnvelope {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) };
  }
  if (error instanceof ZodError) return toEnvelope(validationError(error));
  return { statusCode: ERROR_STATUS.INTERNAL_SERVER_ERROR, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' };
}
