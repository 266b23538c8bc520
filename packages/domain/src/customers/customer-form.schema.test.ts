import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../errors/validation-fields.js';
import { isSpamOrExternalCustomer } from './customer-enums.js';
import {
  CustomerFormSchema,
  CustomerFormWithoutSensitiveSchema,
  CustomerInputSchema,
  CustomerUpdateInputSchema,
  customerFullName,
  stripSensitiveCustomerFields,
} from './customer-form.schema.js';

const valid = { firstName: 'Mary Ann', lastName: 'Smith', email: 'mary@example.com', phoneCode: '+971', phone: '501234567' };

describe('CustomerFormSchema', () => {
  it('accepts a valid customer and applies the defaults (type Client, enabled, not DND)', () => {
    const parsed = CustomerFormSchema.parse({ ...valid, firstName: '  Mary Ann ' });
    expect(parsed).toMatchObject({ firstName: 'Mary Ann', type: 'Client', enabled: true, doNotDisturb: false });
  });

  it('reports every missing field with its exact message, all at once', () => {
    expect(fieldErrorsOf(CustomerFormSchema, {})).toEqual({
      firstName: ['First Name is required.'],
      email: ['Email is required.'],
      phoneCode: ['The Phone Code is required.'],
      phone: ['The Phone Number is required.'],
    });
    expect(fieldErrorsOf(CustomerFormSchema, { firstName: '', email: '', phoneCode: '', phone: '' })).toEqual({
      firstName: ['First Name is required.'],
      email: ['Email is required.'],
      phoneCode: ['The Phone Code is required.'],
      phone: ['The Phone Number is required.'],
    });
  });

  it('checks the first name: whitespace-only, then letters, dashes and underscores', () => {
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, firstName: '   ' })).toEqual({
      firstName: ['The First Name should not contain only whitespaces.'],
    });
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, firstName: 'J0hn' })).toEqual({
      firstName: ['The First Name may only contain letters, dashes and underscores.'],
    });
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, firstName: 'Jean-Luc_Émile محمد' })).toEqual({});
  });

  it('applies no validators to the last name', () => {
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, lastName: '   ' })).toEqual({});
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, lastName: "O'Brien 3rd" })).toEqual({});
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, lastName: undefined })).toEqual({});
  });

  it("says 'Invalid Email.' for a malformed email", () => {
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, email: 'mary@' })).toEqual({ email: ['Invalid Email.'] });
  });

  it('validates the phone against its code, even while other fields fail', () => {
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, phone: '50123' })).toEqual({ phone: ['The Phone Number is invalid.'] });
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, phoneCode: '+1' })).toEqual({ phone: ['The Phone Number is invalid.'] });
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, firstName: '', phone: '50123' })).toEqual({
      firstName: ['First Name is required.'],
      phone: ['The Phone Number is invalid.'],
    });
  });

  it('requires a known type when one is given', () => {
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, type: null })).toEqual({ type: ['Type is required.'] });
    expect(fieldErrorsOf(CustomerFormSchema, { ...valid, type: 'VIP' })).toEqual({
      type: ['Type must be one of Client, External Agent, Spam.'],
    });
    expect(CustomerFormSchema.parse({ ...valid, type: 'Spam', enabled: false }).type).toBe('Spam');
  });

  it('drops unknown keys in the form but the server input rejects them', () => {
    expect(CustomerFormSchema.parse({ ...valid, extra: 1 })).not.toHaveProperty('extra');
    const result = CustomerInputSchema.safeParse({ ...valid, extra: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('rejects a malformed avatar id', () => {
    expect(fieldErrorsOf(CustomerInputSchema, { ...valid, avatar: 'x' })).toEqual({ avatar: ['Avatar is invalid.'] });
    expect(fieldErrorsOf(CustomerInputSchema, { ...valid, avatar: '0d1e6c9d-0000-4000-8000-000000000001' })).toEqual({});
  });
});

describe('CustomerUpdateInputSchema', () => {
  it('accepts a partial patch without applying defaults', () => {
    expect(CustomerUpdateInputSchema.parse({ lastName: 'Jones' })).toEqual({ lastName: 'Jones' });
  });
  it('keeps the field rules for the fields sent', () => {
    expect(fieldErrorsOf(CustomerUpdateInputSchema, { firstName: '' })).toEqual({ firstName: ['First Name is required.'] });
    expect(fieldErrorsOf(CustomerUpdateInputSchema, { phoneCode: '+971', phone: '1' })).toEqual({
      phone: ['The Phone Number is invalid.'],
    });
    expect(CustomerUpdateInputSchema.safeParse({ password: 'x' }).success).toBe(false);
  });
});

describe('sensitive fields', () => {
  it('are stripped for users without VIEW_SENSITIVE_INFORMATION', () => {
    expect(stripSensitiveCustomerFields(valid, false)).toEqual({ firstName: 'Mary Ann', lastName: 'Smith' });
    expect(stripSensitiveCustomerFields(valid, true)).toEqual(valid);
  });
  it('are not required by the form without them', () => {
    expect(CustomerFormWithoutSensitiveSchema.safeParse({ firstName: 'Mary' }).success).toBe(true);
  });
});

describe('customer helpers', () => {
  it('joins the full name and flags spam/external customers', () => {
    expect(customerFullName(' Mary ', ' Smith ')).toBe('Mary Smith');
    expect(customerFullName('Mary', null)).toBe('Mary');
    expect(isSpamOrExternalCustomer('Spam')).toBe(true);
    expect(isSpamOrExternalCustomer('External Agent')).toBe(true);
    expect(isSpamOrExternalCustomer('Client')).toBe(false);
    expect(isSpamOrExternalCustomer(undefined)).toBe(false);
  });
});
