import { defineCall, defineCalls } from '../calls/define-call.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import {
  CompanySecuritySchema,
  RecoveryCodesSchema,
  TwoFactorCodeInputSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from './company-security.schemas.js';

// Admin > Settings (company security, SUPER_ACCESS) and the caller's own two-factor sign-in (any signed-in user),
// docs/api.md 'Company security and two-factor sign-in'.
const admin = { tag: 'admin', access: [P.SUPER_ACCESS], scope: 'company' } as const;
const own = { tag: 'auth', access: 'signed-in', scope: 'none' } as const;

const security = defineCall({
  ...admin,
  operationId: 'companySettings.security',
  summary: 'The security settings',
  kind: 'query',
  output: CompanySecuritySchema,
  rest: { method: 'GET', path: '/api/company-settings/security', envelope: 'data' },
});

const updateSecurity = defineCall({
  ...admin,
  operationId: 'companySettings.updateSecurity',
  summary: 'Change the security settings',
  kind: 'mutation',
  input: CompanySecuritySchema,
  output: CompanySecuritySchema,
  rest: { method: 'PUT', path: '/api/company-settings/security', envelope: 'data' },
});

export const companySettingsCalls = defineCalls('companySettings', { security, updateSecurity });

const status = defineCall({
  ...own,
  operationId: 'twoFactor.status',
  summary: "The caller's two-factor state",
  kind: 'query',
  output: TwoFactorStatusSchema,
  rest: { method: 'GET', path: '/api/two-factor', envelope: 'data' },
});

const setup = defineCall({
  ...own,
  operationId: 'twoFactor.setup',
  summary: 'A new authenticator secret',
  errors: ['CONFLICT'],
  kind: 'mutation',
  output: TwoFactorSetupSchema,
  rest: { method: 'POST', path: '/api/two-factor/setup', envelope: 'data' },
});

const enable = defineCall({
  ...own,
  operationId: 'twoFactor.enable',
  summary: 'Turn on with a first code (answers recovery codes)',
  errors: ['CONFLICT'],
  kind: 'mutation',
  input: TwoFactorCodeInputSchema,
  output: RecoveryCodesSchema,
  rest: { method: 'POST', path: '/api/two-factor/enable', envelope: 'data' },
});

const disable = defineCall({
  ...own,
  operationId: 'twoFactor.disable',
  summary: 'Turn off with a code',
  errors: ['CONFLICT'],
  kind: 'mutation',
  input: TwoFactorCodeInputSchema,
  output: TwoFactorStatusSchema,
  rest: { method: 'POST', path: '/api/two-factor/disable', envelope: 'data' },
});

const recoveryCodes = defineCall({
  ...own,
  operationId: 'twoFactor.recoveryCodes',
  summary: 'New recovery codes',
  errors: ['CONFLICT'],
  kind: 'mutation',
  input: TwoFactorCodeInputSchema,
  output: RecoveryCodesSchema,
  rest: { method: 'POST', path: '/api/two-factor/recovery-codes', envelope: 'data' },
});

export const twoFactorCalls = defineCalls('twoFactor', { status, setup, enable, disable, recoveryCodes });
