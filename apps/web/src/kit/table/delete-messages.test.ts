import { describe, expect, it } from 'vitest';
import { deleteFailureMessage } from './delete-messages';

describe('a failed delete', () => {
  it("says the server's message, else that deleting the record failed", () => {
    expect(deleteFailureMessage({ statusCode: 409, code: 'CONFLICT', message: 'Customer has leads' }, 'customer')).toBe(
      'Customer has leads',
    );
    expect(deleteFailureMessage({ statusCode: 500, code: 'X', message: ' ' }, 'customer')).toBe(
      'An error occurred while deleting the Customer',
    );
    expect(deleteFailureMessage({ statusCode: 0, code: 'UNKNOWN_ERROR', message: 'interrupted' }, 'lead')).toBe(
      'An error occurred while deleting the Lead',
    );
  });
});
