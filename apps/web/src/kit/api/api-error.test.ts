import { MESSAGES } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { globalErrorAction, toApiError, validationFields } from './api-error';

/** What a TRPCClientError carries: our server's formatter puts the envelope in `data`. */
const trpcError = (envelope: object, httpStatus: number) =>
  Object.assign(new Error('x'), { name: 'TRPCClientError', data: { httpStatus, envelope } });

describe('toApiError', () => {
  it("passes the server's envelope on", () => {
    const envelope = { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Invalid input', data: { email: ['Invalid Email.'] } };
    expect(toApiError(trpcError(envelope, 400))).toEqual(envelope);
  });

  it('reads a request that got no answer as status 0 with the interruption text', () => {
    const failed = Object.assign(new Error('Failed to fetch'), { name: 'TRPCClientError' });
    expect(toApiError(failed)).toEqual({ statusCode: 0, code: MESSAGES.http.unknownErrorCode, message: MESSAGES.http.interrupted });
    expect(toApiError(new TypeError('Failed to fetch')).code).toBe('TypeError');
  });

  it('lists validation messages by field only for a 400', () => {
    expect(
      validationFields({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'x', data: { password: ['Too short'], other: 'One' } }),
    ).toEqual({
      password: ['Too short'],
      other: ['One'],
    });
    expect(validationFields({ statusCode: 409, code: 'CONFLICT', message: 'x', data: { a: ['b'] } })).toBeNull();
  });
});

describe('globalErrorAction', () => {
  const error = (statusCode: number) => ({ statusCode, code: 'X', message: 'x' });
  it('logs out on 401 except on the login page itself', () => {
    expect(globalErrorAction(error(401), '/reports/leads')).toBe('logout');
    expect(globalErrorAction(error(401), '/auth')).toBe('none');
    expect(globalErrorAction(error(401), '/auth/login')).toBe('none');
    expect(globalErrorAction(error(401), '/customer/quick-login')).toBe('none');
  });
  it('sends a 403 to /forbidden and reports status 0', () => {
    expect(globalErrorAction(error(403), '/customers')).toBe('forbidden');
    expect(globalErrorAction(error(0), '/customers')).toBe('interrupted');
    expect(globalErrorAction(error(400), '/customers')).toBe('none');
    expect(globalErrorAction(error(500), '/customers')).toBe('none');
  });
});
