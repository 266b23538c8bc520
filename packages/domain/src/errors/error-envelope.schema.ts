import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from './error-codes.js';

/** docs/api.md 'Errors': every error the server sends. */
export const ErrorEnvelopeSchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelopeBody = z.infer<typeof ErrorEnvelopeSchema>;

/** A VALIDATION_ERROR's data: each field (dotted path, '_' for the body) to its messages. */
export const ValidationErrorDataSchema = z.record(z.string(), z.array(z.string()));
export type ValidationErrorData = z.infer<typeof ValidationErrorDataSchema>;

/** A 400 VALIDATION_ERROR: the envelope whose `data` is the field -> messages map. */
export const ValidationErrorEnvelopeSchema = ErrorEnvelopeSchema.extend({
  statusCode: z.literal(400),
  code: z.literal('VALIDATION_ERROR'),
  data: ValidationErrorDataSchema,
});

/** What the browser's HTTP layer hands to screens (docs/product.md 'Errors in the browser'). */
export interface ClientError {
  statusCode: number;
  /** An ErrorCode, 'UNKNOWN_ERROR' for status 0, or the thrown error's name. */
  code: string;
  message: string;
  data?: Record<string, unknown>;
}

/**
 * Status 0 (no answer) gets the "request is being interrupted" message with code
 * UNKNOWN_ERROR (or the error's name); a server envelope is passed on with its status; anything else is
 * 'Something went wrong' under the status' own code.
 */
export function toClientError(status: number, body: unknown, errorName?: string): ClientError {
  if (status === 0) {
    return { statusCode: 0, code: errorName || MESSAGES.http.unknownErrorCode, message: MESSAGES.http.interrupted };
  }
  const parsed = ErrorEnvelopeSchema.safeParse(body);
  if (parsed.success) return { ...parsed.data, statusCode: status };
  const known = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  return { statusCode: status, code: known?.[0] ?? 'INTERNAL_SERVER_ERROR', message: MESSAGES.common.somethingWentWrong };
}

/** Validation messages of an error, flattened for the bulleted list forms show. */
export function validationMessages(error: Pick<ClientError, 'code' | 'data'>): string[] {
  if (error.code !== 'VALIDATION_ERROR') return [];
  const data = ValidationErrorDataSchema.safeParse(error.data);
  return data.success ? Object.values(data.data).flat() : [];
}
