import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema, toClientError, validationMessages } from './error-envelope.schema.js';

describe('ErrorEnvelopeSchema', () => {
  it('accepts the error envelope, with and without data', () => {
    const body = { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', data: { customer: ['Customer is required.'] } };
    expect(ErrorEnvelopeSchema.parse(body)).toEqual(body);
    expect(ErrorEnvelopeSchema.safeParse({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }).success).toBe(true);
  });
  it('rejects unknown codes and missing fields', () => {
    expect(ErrorEnvelopeSchema.safeParse({ statusCode: 418, code: 'TEAPOT', message: 'x' }).success).toBe(false);
    expect(ErrorEnvelopeSchema.safeParse({ code: 'NOT_FOUND', message: 'x' }).success).toBe(false);
  });
});

describe('toClientError', () => {
  it('explains status 0 with UNKNOWN_ERROR or the error name', () => {
    expect(toClientError(0, undefined)).toEqual({
      statusCode: 0,
      code: 'UNKNOWN_ERROR',
      message: 'The request is being interrupted. It may be due to Server Down or Internet Disconnected',
    });
    expect(toClientError(0, undefined, 'TimeoutError').code).toBe('TimeoutError');
  });
  it('passes a server envelope on with the status attached', () => {
    expect(toClientError(409, { statusCode: 409, code: 'CONFLICT', message: 'Already claimed' })).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Already claimed',
    });
  });
  it("falls back to 'Something went wrong' for a body that is not an envelope", () => {
    expect(toClientError(502, '<html>Bad gateway</html>')).toEqual({
      statusCode: 502,
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Something went wrong',
    });
    expect(toClientError(404, null).code).toBe('NOT_FOUND');
  });
  it('lists validation messages for the bulleted list', () => {
    expect(validationMessages({ code: 'VALIDATION_ERROR', data: { a: ['One.'], b: ['Two.', 'Three.'] } })).toEqual([
      'One.',
      'Two.',
      'Three.',
    ]);
    expect(validationMessages({ code: 'NOT_FOUND' })).toEqual([]);
    expect(validationMessages({ code: 'VALIDATION_ERROR', data: { a: 'not a list' } })).toEqual([]);
  });
});

describe('field messages of hostile keys', () => {
  it('keeps a key named like an Object method as an ordinary field', async () => {
    const { z } = await import('zod');
    const { fieldErrorsOf } = await import('./validation-fields.js');
    const schema = z.strictObject({ name: z.string() });
    expect(fieldErrorsOf(schema, JSON.parse('{"name":"x","toString":1,"constructor":{},"__proto__":{}}'))).toEqual({
      toString: ["Unknown field 'toString'."],
      constructor: ["Unknown field 'constructor'."],
      ['__proto__']: ["Unknown field '__proto__'."],
    });
  });
});
