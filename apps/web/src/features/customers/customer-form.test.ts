import { CustomerFormSchema, CustomerInputSchema, CustomerUpdateInputSchema, MESSAGES } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../kit/form/zod-rules';
import {
  customerDefaults,
  customerRecordToForm,
  customerSaveErrors,
  phoneCodeOptions,
  toCustomerCreate,
  toCustomerUpdate,
} from './customer-form-values';

describe('customer drawer values', () => {
  const filled = {
    ...customerDefaults(),
    firstName: 'Mary-Ann',
    lastName: 'Lee',
    email: 'mary@example.com',
    phoneCode: '+971',
    phone: '501234567',
  };

  it('starts enabled, as a Client, and builds a body the server schema accepts', () => {
    expect(customerDefaults()).toEqual({ enabled: true, type: 'Client', doNotDisturb: false });
    const body = toCustomerCreate(CustomerFormSchema.parse(filled));
    expect(CustomerInputSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ firstName: 'Mary-Ann', avatar: null, type: 'Client', enabled: true });
  });

  it("validates with the customer form's messages", () => {
    expect(fieldError(CustomerFormSchema, 'firstName', {})).toBe(MESSAGES.customer.firstNameRequired);
    expect(fieldError(CustomerFormSchema, 'firstName', { firstName: '   ' })).toBe(MESSAGES.customer.firstNameWhitespace);
    expect(fieldError(CustomerFormSchema, 'firstName', { firstName: 'R2D2' })).toBe(MESSAGES.customer.firstNamePattern);
    expect(fieldError(CustomerFormSchema, 'email', { email: 'nope' })).toBe(MESSAGES.customer.emailInvalid);
    expect(fieldError(CustomerFormSchema, 'phone', { ...filled, phone: '12' })).toBe(MESSAGES.customer.phoneInvalid);
  });

  it('drops email and phone from an update by someone who may not see them', () => {
    const values = CustomerFormSchema.parse(filled);
    expect(toCustomerUpdate(values, false)).not.toHaveProperty('email');
    expect(toCustomerUpdate(values, false)).not.toHaveProperty('phoneCode');
    const full = toCustomerUpdate(values, true);
    expect(full).toMatchObject({ email: 'mary@example.com', phone: '501234567' });
    expect(CustomerUpdateInputSchema.safeParse(full).success).toBe(true);
  });

  it('reads a stored customer, avatar populated or not', () => {
    expect(
      customerRecordToForm({
        _id: 'c1',
        firstName: 'Omar',
        lastName: 'Farouk',
        type: 'Spam',
        enabled: false,
        avatar: { _id: 'f1', url: '/x.png' },
      }),
    ).toMatchObject({
      firstName: 'Omar',
      type: 'Spam',
      enabled: false,
      avatar: 'f1',
    });
  });

  it('tells a 400 by its messages, anything else by its message or Error', () => {
    const invalid = {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid input',
      data: { phone: ['The Phone Number is invalid.'], email: ['Invalid Email.'] },
    };
    expect(customerSaveErrors(invalid)).toEqual(['The Phone Number is invalid.', 'Invalid Email.']);
    expect(customerSaveErrors({ statusCode: 409, code: 'CONFLICT', message: 'Duplicate' })).toEqual(['Duplicate']);
    expect(customerSaveErrors({ statusCode: 500, code: 'X', message: '' })).toEqual(['Error']);
  });

  it('offers one phone code option per dialling code', () => {
    const options = phoneCodeOptions([
      { name: 'Canada', phoneCode: '+1' },
      { name: 'United Arab Emirates', phoneCode: '+971' },
      { name: 'United States', phoneCode: '+1' },
    ]);
    expect(options.map((o) => o.value)).toEqual(['+1', '+971']);
    expect(options[0]?.search).toContain('United States');
  });
});
