import { companySettingsCalls, twoFactorCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { companySecurity, updateCompanySecurity } from './company-security.service.js';
import { disableTwoFactor, enableTwoFactor, renewRecoveryCodes, startTwoFactorSetup, twoFactorStatus } from './two-factor.service.js';

// Company security and the caller's two-factor sign-in, both doors from the declarations
// (packages/domain admin/company-security.calls.ts).
export const companySettingsDoors = serveCalls(companySettingsCalls, {
  security: ({ deps, actor }) => companySecurity(deps, actor),
  updateSecurity: ({ deps, actor, input }) => updateCompanySecurity(deps, actor, input),
});

export const twoFactorDoors = serveCalls(twoFactorCalls, {
  status: ({ deps, actor }) => twoFactorStatus(deps, actor),
  setup: ({ deps, actor }) => startTwoFactorSetup(deps, actor),
  enable: ({ deps, actor, input }) => enableTwoFactor(deps, actor, input.code),
  disable: ({ deps, actor, input }) => disableTwoFactor(deps, actor, input.code),
  recoveryCodes: ({ deps, actor, input }) => renewRecoveryCodes(deps, actor, input.code),
});
