import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { applyServerErrors, firstErrorField, splitFieldErrors } from './form-errors';

describe('server errors onto a form', () => {
  it('puts each dotted path on the field it names, or the nearest field holding it; the rest is listed once', () => {
    const split = splitFieldErrors(
      {
        email: ['Invalid Email.'],
        'utm.source': ['Too long.'],
        'amenities.0': ['Unknown amenity.'],
        'amenities.3': ['Unknown amenity.', 'Duplicate.'],
        _: ['Nothing to save.'],
        asset: ['Asset must be the active asset.'],
        other: ['Nothing to save.'],
      },
      ['email', 'utm', 'utm.source', 'amenities'],
    );
    expect(split.fields).toEqual([
      { name: ['email'], errors: ['Invalid Email.'] },
      { name: ['utm', 'source'], errors: ['Too long.'] },
      { name: ['amenities'], errors: ['Unknown amenity.', 'Duplicate.'] },
    ]);
    expect(split.rest).toEqual(['Nothing to save.', 'Asset must be the active asset.']);
  });

  it('sets the fields of a 400 and returns the leftovers; other failures return their message or Error', () => {
    const set: unknown[] = [];
    const form = {
      getFieldsError: () => [
        { name: ['firstName'], errors: [], warnings: [] },
        { name: ['email'], errors: [], warnings: [] },
      ],
      setFields: (fields: unknown[]) => void set.push(...fields),
    } as unknown as FormInstance;
    const invalid = {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'Validation failed',
      data: { email: ['Invalid Email.'], phone: ['The Phone Number is invalid.'] },
    };
    expect(applyServerErrors(form, invalid)).toEqual(['The Phone Number is invalid.']);
    expect(set).toEqual([{ name: ['email'], errors: ['Invalid Email.'] }]);
    expect(applyServerErrors(form, { statusCode: 409, code: 'CONFLICT', message: 'Duplicate email' })).toEqual(['Duplicate email']);
    expect(applyServerErrors(form, { statusCode: 500, code: 'X', message: '' })).toEqual(['Error']);
    expect(applyServerErrors(form, { ...invalid, data: { email: ['Invalid Email.'] } })).toEqual([]);
  });

  it('finds the first field showing an error', () => {
    const form = {
      getFieldsError: () => [
        { name: ['firstName'], errors: [], warnings: [] },
        { name: ['phone'], errors: ['The Phone Number is invalid.'], warnings: [] },
        { name: ['email'], errors: ['Invalid Email.'], warnings: [] },
      ],
    } as unknown as FormInstance;
    expect(firstErrorField(form)).toEqual(['phone']);
  });
});
