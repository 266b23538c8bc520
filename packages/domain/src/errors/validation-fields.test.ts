import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './validation-fields.js';

describe('field messages of a failed parse', () => {
  const Filter = z.strictObject({ page: z.number().optional(), select: z.array(z.enum(['name'])).optional() });
  const Body = z.strictObject({ filter: z.union([Filter, z.string()]).optional() });

  it('names each field, and unknown keys one by one', () => {
    expect(fieldErrorsOf(z.strictObject({ name: z.string() }), { name: 1, extra: true })).toEqual({
      name: ['Invalid input: expected string, received number'],
      extra: ["Unknown field 'extra'."],
    });
  });

  it("reports a union's problems from the one option the input had the type of", () => {
    expect(fieldErrorsOf(Body, { filter: { page: 'x', select: ['nope'] } })).toEqual({
      'filter.page': ['Invalid input: expected number, received string'],
      'filter.select.0': ['Invalid input: expected "name"'],
    });
    expect(fieldErrorsOf(Body, { filter: { extra: 1 } })).toEqual({ 'filter.extra': ["Unknown field 'extra'."] });
  });

  it('keeps the union as one problem when the input has the type of no option', () => {
    expect(fieldErrorsOf(Body, { filter: 5 })).toEqual({ filter: ['Invalid input'] });
  });
});
