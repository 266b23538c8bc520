import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/messages.js';
import { CustomerLoginUrlInputSchema, CustomerPasswordInputSchema, CustomerStatusInputSchema } from './customer-calls.schemas.js';

describe('customer call schemas', () => {
  it('apply the password policy and refuse unknown fields', () => {
    expect(CustomerPasswordInputSchema.safeParse({ password: 'short' }).error?.issues[0]?.message).toBe(MESSAGES.auth.passwordMinLength(8));
    expect(CustomerPasswordInputSchema.safeParse({ password: 'long-enough', hash: 'x' }).success).toBe(false);
  });
  it('need a boolean status and a customer id', () => {
    expect(CustomerStatusInputSchema.safeParse({ enabled: 'true' }).success).toBe(false);
    expect(CustomerLoginUrlInputSchema.safeParse({}).error?.issues[0]?.message).toBe('Customer is required.');
    expect(CustomerLoginUrlInputSchema.safeParse({ customer: '0d1e6c9d-0000-4000-8000-000000000001' }).success).toBe(true);
  });
});
