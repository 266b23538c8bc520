import { type ContractRecord, CustomerInputSchema, CustomerUpdateInputSchema, type customerContract, MESSAGES } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../kit/form/zod-rules';
import { customerDefaults, customerRecordToForm, toCustomerCreate, toCustomerUpdate } from './customer-form';
import { phoneCodeOptions } from './phone-codes';

const FILE_ID = '0b7c4a5e-0000-4000-8000-0000000000f1';

const stored: ContractRecord<typeof customerContract> = {
  _id: 'c1',
  asset: 'a1',
  company: 'co1',
  creator: null,
  updatedBy: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  deletedAt: null,
  customerID: 'C-000001',
  firstName: 'Omar',
  lastName: 'Farouk',
  fullName: 'Omar Farouk',
  type: 'Spam',
  enabled: false,
  doNotDisturb: true,
  inputSource: null,
  sourceDataId: null,
  imageUrl: null,
  avatar: { _id: FILE_ID, file: '/x.png' },
  translations: null,
  dncrStatus: null,
  emailStatus: null,
  emailStatusAt: null,
  customFields: {},
  crmId: null,
  loginEnabled: false,
  quickLoginExpiresAt: null,
};

describe('customer form values', () => {
  const filled = {
    ...customerDefaults(),
    firstName: 'Mary-Ann',
    lastName: '',
    email: 'mary@example.com',
    phoneCode: '+971',
    phone: '501234567',
  };

  it('starts enabled, as a Client, and builds a body the server schema accepts', () => {
    expect(customerDefaults()).toEqual({ enabled: true, type: 'Client', doNotDisturb: false });
    const body = toCustomerCreate(CustomerInputSchema.parse(filled));
    expect(CustomerInputSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ firstName: 'Mary-Ann', lastName: null, avatar: null, type: 'Client', enabled: true });
  });

  it("validates with the customer form's messages", () => {
    expect(fieldError(CustomerInputSchema, 'firstName', {})).toBe(MESSAGES.customer.firstNameRequired);
    expect(fieldError(CustomerInputSchema, 'firstName', { firstName: '   ' })).toBe(MESSAGES.customer.firstNameWhitespace);
    expect(fieldError(CustomerInputSchema, 'firstName', { firstName: 'R2D2' })).toBe(MESSAGES.customer.firstNamePattern);
    expect(fieldError(CustomerInputSchema, 'email', { email: 'nope' })).toBe(MESSAGES.customer.emailInvalid);
    expect(fieldError(CustomerInputSchema, 'phone', { ...filled, phone: '12' })).toBe(MESSAGES.customer.phoneInvalid);
    // Clearing the first name on update is refused with the same message.
    expect(fieldError(CustomerUpdateInputSchema, 'firstName', { firstName: '' })).toBe(MESSAGES.customer.firstNameRequired);
  });

  it('reads a stored customer, its picture populated or not, and updates with a valid body', () => {
    const values = customerRecordToForm(stored);
    expect(values).toMatchObject({ firstName: 'Omar', type: 'Spam', enabled: false, doNotDisturb: true, avatar: FILE_ID, email: '' });
    expect(customerRecordToForm({ ...stored, avatar: 'f2' }).avatar).toBe('f2');
    const body = toCustomerUpdate(
      CustomerUpdateInputSchema.parse({ ...values, email: 'omar@example.com', phoneCode: '+971', phone: '501234567' }),
    );
    expect(CustomerUpdateInputSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ avatar: FILE_ID, lastName: 'Farouk' });
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
