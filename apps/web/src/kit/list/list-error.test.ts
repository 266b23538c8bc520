import { MESSAGES } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { listErrorMessage } from './list-error';

const trpcError = (envelope: object, httpStatus: number) =>
  Object.assign(new Error('x'), { name: 'TRPCClientError', data: { httpStatus, envelope } });

describe('listErrorMessage', () => {
  it("shows the server's message", () => {
    expect(
      listErrorMessage(trpcError({ statusCode: 400, code: 'VALIDATION_ERROR', message: "Invalid filter: Unknown field 'x'." }, 400)),
    ).toBe("Invalid filter: Unknown field 'x'.");
  });
  it("says 'Something went wrong' when the server said nothing", () => {
    expect(listErrorMessage(trpcError({ statusCode: 500, code: 'INTERNAL_SERVER_ERROR', message: ' ' }, 500))).toBe(
      MESSAGES.common.somethingWentWrong,
    );
    expect(listErrorMessage(new TypeError('Failed to fetch'))).toBe(MESSAGES.common.somethingWentWrong);
  });
});
