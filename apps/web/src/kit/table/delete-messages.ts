import { MESSAGES } from '@crm/domain';
import type { ApiError } from '../api/api-error';

/**
 * docs/product.md 'Lists' (delete): the server's message, or 'An error occurred while deleting the {Label}' when
 * it said nothing (no answer at all is announced globally already).
 */
export function deleteFailureMessage(error: ApiError, label: string): string {
  if (error.statusCode === 0) return MESSAGES.delete.failure(label);
  return error.message.trim() || MESSAGES.delete.failure(label);
}
