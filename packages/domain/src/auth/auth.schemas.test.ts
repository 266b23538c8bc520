import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../errors/validation-fields.js';
import {
  AssetSettingsInputSchema,
  AUTH_MESSAGES,
  ChangeActiveAssetInputSchema,
  ChangePasswordInputSchema,
  DEFAULT_ROLES,
  ForgotPasswordInputSchema,
  isValidTimeZone,
  LoginInputSchema,
  PASSWORD_MAX_LENGTH,
  RegisterInputSchema,
  ResetPasswordCallInputSchema,
  ResetPasswordInputSchema,
  UpdateProfileInputSchema,
  WorkingHoursSchema,
} from './index.js';
import { PERMISSION_CODES, PERMISSIONS } from '../permissions/permission-codes.js';
import { DEALS_OF_WHOLE_ASSET } from '../deals/deal-visibility.js';

describe('LoginInputSchema', () => {
  it('trims and lower-cases the email', () => {
    expect(LoginInputSchema.parse({ email: '  Admin@Example.COM ', password: 'x' })).toEqual({ email: 'admin@example.com', password: 'x' });
  });
  it('requires both fields with the product’s words', () => {
    expect(fieldErrorsOf(LoginInputSchema, {})).toEqual({ email: ['Email is required.'], password: ['Password is required.'] });
    expect(fieldErrorsOf(LoginInputSchema, { email: '', password: '' })).toEqual({
      email: ['Email is required.'],
      password: ['Password is required.'],
    });
    expect(fieldErrorsOf(LoginInputSchema, { email: 'nope', password: 'x' })).toEqual({ email: ['Invalid Email.'] });
  });
  it('does not apply the new-password length to login (existing accounts keep working)', () => {
    expect(LoginInputSchema.safeParse({ email: 'a@example.com', password: 'short' }).success).toBe(true);
  });
  it('is strict: unknown fields fail', () => {
    expect(LoginInputSchema.safeParse({ email: 'a@example.com', password: 'x', role: 'admin' }).success).toBe(false);
  });
});

describe('new passwords (register, reset, change)', () => {
  const base = { companyName: 'Acme', fullName: 'Ada', email: 'ada@example.com' };
  it('accepts exactly 8 characters and refuses 7', () => {
    expect(RegisterInputSchema.safeParse({ ...base, password: '12345678' }).success).toBe(true);
    expect(fieldErrorsOf(RegisterInputSchema, { ...base, password: '1234567' })).toEqual({
      password: ['Password must be at least 8 characters.'],
    });
  });
  it('caps the length so hashing cannot be abused', () => {
    expect(ResetPasswordInputSchema.safeParse({ password: 'a'.repeat(PASSWORD_MAX_LENGTH) }).success).toBe(true);
    expect(fieldErrorsOf(ResetPasswordInputSchema, { password: 'a'.repeat(PASSWORD_MAX_LENGTH + 1) })).toEqual({
      password: [AUTH_MESSAGES.passwordMaxLength(PASSWORD_MAX_LENGTH)],
    });
  });
  it('checks confirmPassword only when given (reset) and always (change)', () => {
    expect(ResetPasswordInputSchema.parse({ password: 'longenough' })).toEqual({ password: 'longenough', type: 'oac' });
    expect(fieldErrorsOf(ResetPasswordInputSchema, { password: 'longenough', confirmPassword: 'different' })).toEqual({
      confirmPassword: [AUTH_MESSAGES.passwordsDoNotMatch],
    });
    expect(fieldErrorsOf(ChangePasswordInputSchema, { currentPassword: 'old-password', password: 'longenough' })).toEqual({
      confirmPassword: [AUTH_MESSAGES.confirmPasswordRequired],
    });
    expect(
      fieldErrorsOf(ChangePasswordInputSchema, {
        currentPassword: 'same-password',
        password: 'same-password',
        confirmPassword: 'same-password',
      }),
    ).toEqual({ password: [AUTH_MESSAGES.samePassword] });
  });
  it('lets the tRPC reset carry the token, REST not', () => {
    expect(ResetPasswordCallInputSchema.safeParse({ password: 'longenough', token: 'x'.repeat(43) }).success).toBe(true);
    expect(ResetPasswordInputSchema.safeParse({ password: 'longenough', token: 'x'.repeat(43) }).success).toBe(false);
  });
});

describe('ForgotPasswordInputSchema', () => {
  it("defaults type to 'oac' and refuses odd types", () => {
    expect(ForgotPasswordInputSchema.parse({ email: 'a@example.com' })).toEqual({ email: 'a@example.com', type: 'oac' });
    expect(ForgotPasswordInputSchema.safeParse({ email: 'a@example.com', type: '../x' }).success).toBe(false);
  });
});

describe('profile inputs', () => {
  it('UpdateProfileInputSchema trims the name, allows clearing the avatar, refuses email changes', () => {
    expect(UpdateProfileInputSchema.parse({ fullName: '  Ada  ', avatar: null })).toEqual({ fullName: 'Ada', avatar: null });
    expect(fieldErrorsOf(UpdateProfileInputSchema, { fullName: '   ' })).toEqual({ fullName: [AUTH_MESSAGES.fullNameRequired] });
    expect(UpdateProfileInputSchema.safeParse({ email: 'x@example.com' }).success).toBe(false);
  });
  it('ChangeActiveAssetInputSchema needs an id', () => {
    expect(fieldErrorsOf(ChangeActiveAssetInputSchema, {})).toEqual({ asset: [AUTH_MESSAGES.assetRequired] });
    expect(fieldErrorsOf(ChangeActiveAssetInputSchema, { asset: 'abc' })).toEqual({ asset: [AUTH_MESSAGES.assetInvalid] });
    expect(ChangeActiveAssetInputSchema.safeParse({ asset: '00000000-0000-0000-0000-000000000001' }).success).toBe(true);
  });
});

describe('AssetSettingsInputSchema', () => {
  it('accepts the edges and a partial update', () => {
    expect(AssetSettingsInputSchema.safeParse({ initialSlaMinutes: 1, freePoolSlaMinutes: 43_200, dailyLeadQuota: 0 }).success).toBe(true);
    expect(AssetSettingsInputSchema.parse({})).toEqual({});
  });
  it('refuses values just past the edges', () => {
    expect(fieldErrorsOf(AssetSettingsInputSchema, { initialSlaMinutes: 0 })).toEqual({
      initialSlaMinutes: ['Initial SLA must be at least 1 minute.'],
    });
    expect(fieldErrorsOf(AssetSettingsInputSchema, { freePoolSlaMinutes: 43_201 })).toEqual({
      freePoolSlaMinutes: ['Free Pool SLA must be at most 43200 minutes.'],
    });
    expect(fieldErrorsOf(AssetSettingsInputSchema, { dailyLeadQuota: -1 })).toEqual({
      dailyLeadQuota: ['Daily lead quota must be at least 0.'],
    });
    expect(AssetSettingsInputSchema.safeParse({ assignmentStrategy: 'weighted' }).success).toBe(true);
    expect(AssetSettingsInputSchema.safeParse({ assignmentStrategy: 'random' }).success).toBe(false);
  });
  it('checks time zones and working hours', () => {
    expect(isValidTimeZone('Asia/Dubai')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(WorkingHoursSchema.safeParse([{ day: 0, start: '00:00', end: '23:59' }]).success).toBe(true);
    expect(fieldErrorsOf(WorkingHoursSchema, [{ day: 1, start: '09:00', end: '09:00' }])).toEqual({
      '0.end': ['End must be after start.'],
    });
    expect(fieldErrorsOf(WorkingHoursSchema, [{ day: 1, start: '24:00', end: '25:00' }])).toMatchObject({
      '0.start': ['Start must be a time like 09:00.'],
    });
    expect(
      fieldErrorsOf(WorkingHoursSchema, [
        { day: 2, start: '09:00', end: '17:00' },
        { day: 2, start: '18:00', end: '19:00' },
      ]),
    ).toEqual({ _: ['Each day may appear only once.'] });
  });
});

describe('DEFAULT_ROLES', () => {
  it('creates the four roles; only SUPER_ADMIN holds SUPER_ACCESS; every code is a known permission', () => {
    expect(DEFAULT_ROLES.map((r) => r.code)).toEqual(['SUPER_ADMIN', 'ADMIN', 'MANAGER', 'AGENT']);
    for (const role of DEFAULT_ROLES) {
      for (const code of role.permissions) expect(PERMISSION_CODES).toContain(code);
      expect(role.permissions.includes(PERMISSIONS.SUPER_ACCESS)).toBe(role.code === 'SUPER_ADMIN');
    }
    expect(DEFAULT_ROLES.find((r) => r.code === 'AGENT')?.permissions).toEqual([
      'LEADS_REPORT_VIEW',
      'LEAD_ADD',
      'LEAD_UPDATE',
      'CUSTOMERS_VIEW',
      'CUSTOMER_ADD',
      'DEALS_VIEW',
    ]);
    // A manager sees their team's deals too; neither sees the whole asset's (docs/product.md 'Deals').
    const manager = DEFAULT_ROLES.find((r) => r.code === 'MANAGER')?.permissions ?? [];
    expect(manager).toContain(PERMISSIONS.DEALS_VIEW);
    for (const code of DEALS_OF_WHOLE_ASSET) expect(manager).not.toContain(code);
  });
});
