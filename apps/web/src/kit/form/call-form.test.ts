import { ChangePasswordInputSchema, MESSAGES } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { type CallFormTarget, submitCall } from './call-form';

/** antd's form as the call form sees it: fields in the form's order, their errors, what was scrolled to. */
function fakeForm(names: string[]) {
  const errors = new Map<string, string[]>(names.map((name) => [name, []]));
  const focused: string[] = [];
  const form: CallFormTarget = {
    getFieldsError: () => [...errors].map(([name, list]) => ({ name: [name], errors: list, warnings: [] })),
    setFields: (fields) => {
      for (const field of fields) errors.set(String(field.name), field.errors ?? []);
    },
    scrollToField: (name) => void focused.push(String(name)),
  };
  return { form, errors, focused };
}

const FIELDS = ['currentPassword', 'password', 'confirmPassword'];
const valid = { currentPassword: 'Old-secret-1', password: 'N3w-secret-horse-battery', confirmPassword: 'N3w-secret-horse-battery' };

/** A tRPC refusal carrying the server's envelope. */
const refusal = (data: Record<string, string[]>) =>
  Object.assign(new Error('x'), {
    name: 'TRPCClientError',
    data: { httpStatus: 400, envelope: { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Invalid input', data } },
  });

describe('submitCall', () => {
  it("puts the server's field errors onto the fields, lists the rest and focuses the first invalid field", async () => {
    const { form, errors, focused } = fakeForm(FIELDS);
    const outcome = await submitCall(form, ChangePasswordInputSchema, valid, () =>
      Promise.reject(refusal({ confirmPassword: ['Passwords do not match'], password: ['Too common'], _: ['Try later'] })),
    );
    expect(outcome).toEqual({ saved: false, errors: ['Try later'] });
    expect(errors.get('password')).toEqual(['Too common']);
    expect(errors.get('confirmPassword')).toEqual(['Passwords do not match']);
    // The form's order decides, not the server's.
    expect(focused).toEqual(['password']);
  });

  it("checks the values with the call's schema before calling", async () => {
    const { form, errors, focused } = fakeForm(FIELDS);
    let called = false;
    const outcome = await submitCall(form, ChangePasswordInputSchema, { ...valid, confirmPassword: 'other' }, async () => {
      called = true;
    });
    expect(called).toBe(false);
    expect(outcome.saved).toBe(false);
    expect(errors.get('confirmPassword')?.length).toBe(1);
    expect(focused).toEqual(['confirmPassword']);
  });

  it("answers the call's answer, and another failure's message for the list", async () => {
    const { form, focused } = fakeForm(FIELDS);
    expect(await submitCall(form, ChangePasswordInputSchema, valid, async () => 'token')).toEqual({ saved: true, answer: 'token' });
    const failed = await submitCall(form, ChangePasswordInputSchema, valid, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(failed).toEqual({ saved: false, errors: [MESSAGES.http.interrupted] });
    expect(focused).toEqual([]);
  });
});
