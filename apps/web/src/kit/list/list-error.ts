import { MESSAGES } from '@crm/domain';
import { toApiError } from '../api/api-error';

/**
 * docs/product.md 'Lists': on a failed load the server's message, or 'Something went wrong' when the server
 * said nothing (no answer at all is announced globally already).
 */
export function listErrorMessage(error: unknown): string {
  const apiError = toApiError(error);
  if (apiError.statusCode === 0) return MESSAGES.common.somethingWentWrong;
  return apiError.message.trim() || MESSAGES.common.somethingWentWrong;
}
