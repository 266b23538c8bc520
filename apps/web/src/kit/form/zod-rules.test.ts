import { ChangePasswordInputSchema, CustomerInputSchema, CustomerUpdateInputSchema, LoginInputSchema, MESSAGES } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { fieldError, isFieldRequired, zodRules } from './zod-rules';

describe('zod -> antd rules', () => {
  it("gives the schema's own message for one field while the others are still empty", () => {
    expect(fieldError(LoginInputSchema, 'email', {})).toBe(MESSAGES.auth.emailRequired);
    expect(fieldError(LoginInputSchema, 'email', { email: '' })).toBe(MESSAGES.auth.emailRequired);
    expect(fieldError(LoginInputSchema, 'email', { email: 'not-an-email' })).toBe(MESSAGES.auth.emailInvalid);
    expect(fieldError(LoginInputSchema, 'email', { email: ' Admin@Example.com ' })).toBeUndefined();
    expect(fieldError(LoginInputSchema, 'password', { email: 'x' })).toBe(MESSAGES.auth.passwordRequired);
  });

  it('reports object-level refinements on the field they name', () => {
    const values = { currentPassword: 'old-password', password: 'new-password', confirmPassword: 'typo-password' };
    expect(fieldError(ChangePasswordInputSchema, 'confirmPassword', values)).toBe('Passwords do not match.');
    expect(fieldError(ChangePasswordInputSchema, 'password', values)).toBeUndefined();
    expect(fieldError(ChangePasswordInputSchema, 'password', { ...values, password: 'short' })).toBe(MESSAGES.auth.passwordMinLength(8));
    expect(fieldError(ChangePasswordInputSchema, 'confirmPassword', { ...values, confirmPassword: 'new-password' })).toBeUndefined();
  });

  it('marks as required only what the schema requires', () => {
    expect(isFieldRequired(LoginInputSchema, 'email')).toBe(true);
    expect(isFieldRequired(ChangePasswordInputSchema, 'confirmPassword')).toBe(true);
    expect(isFieldRequired(CustomerUpdateInputSchema, 'firstName')).toBe(false);
    expect(isFieldRequired(CustomerInputSchema, 'lastName')).toBe(false);
  });

  it('validates an update with the update schema and marks what the create schema requires', async () => {
    const [rule] = zodRules(CustomerUpdateInputSchema, 'firstName', CustomerInputSchema);
    if (typeof rule !== 'function') throw new Error('a rule function');
    const form = { getFieldsValue: () => ({ firstName: '' }) } as unknown as Parameters<typeof rule>[0];
    const built = rule(form);
    expect(built.required).toBe(true);
    await expect(built.validator?.(built, '', () => undefined)).rejects.toThrow(MESSAGES.customer.firstNameRequired);
  });

  it('builds an antd rule whose validator rejects with the exact message', async () => {
    const [rule] = zodRules(LoginInputSchema, 'email');
    expect(typeof rule).toBe('function');
    if (typeof rule !== 'function') return;
    const form = { getFieldsValue: () => ({ email: 'nope' }) } as unknown as Parameters<typeof rule>[0];
    const built = rule(form);
    expect(built.required).toBe(true);
    await expect(built.validator?.(built, 'nope', () => undefined)).rejects.toThrow(MESSAGES.auth.emailInvalid);
  });
});
