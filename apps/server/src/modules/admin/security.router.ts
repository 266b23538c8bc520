import {
  CompanySecuritySchema,
  PERMISSIONS,
  RecoveryCodesSchema,
  TwoFactorCodeInputSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@crm/domain';
import { permissionProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { companySecurity, updateCompanySecurity } from './company-security.service.js';
import { disableTwoFactor, enableTwoFactor, renewRecoveryCodes, startTwoFactorSetup, twoFactorStatus } from './two-factor.service.js';

// Admin > Settings and the caller's own two-factor sign-in, tRPC door onto the same services as security.routes.ts.
const admin = permissionProcedure([PERMISSIONS.SUPER_ACCESS]);

export const companySettingsRouter = router({
  security: admin.output(CompanySecuritySchema).query(({ ctx }) => companySecurity(ctx.deps, ctx.actor)),
  updateSecurity: admin
    .input(CompanySecuritySchema)
    .output(CompanySecuritySchema)
    .mutation(({ ctx, input }) => updateCompanySecurity(ctx.deps, ctx.actor, input)),
});

export const twoFactorRouter = router({
  status: protectedProcedure.output(TwoFactorStatusSchema).query(({ ctx }) => twoFactorStatus(ctx.deps, ctx.actor)),
  setup: protectedProcedure.output(TwoFactorSetupSchema).mutation(({ ctx }) => startTwoFactorSetup(ctx.deps, ctx.actor)),
  enable: protectedProcedure
    .input(TwoFactorCodeInputSchema)
    .output(RecoveryCodesSchema)
    .mutation(({ ctx, input }) => enableTwoFactor(ctx.deps, ctx.actor, input.code)),
  disable: protectedProcedure
    .input(TwoFactorCodeInputSchema)
    .output(TwoFactorStatusSchema)
    .mutation(({ ctx, input }) => disableTwoFactor(ctx.deps, ctx.actor, input.code)),
  recoveryCodes: protectedProcedure
    .input(TwoFactorCodeInputSchema)
    .output(RecoveryCodesSchema)
    .mutation(({ ctx, input }) => renewRecoveryCodes(ctx.deps, ctx.actor, input.code)),
});
