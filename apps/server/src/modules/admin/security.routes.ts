import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CompanySecuritySchema,
  oneResponseSchema,
  PERMISSIONS,
  RecoveryCodesSchema,
  TwoFactorCodeInputSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { companySecurity, updateCompanySecurity } from './company-security.service.js';
import { disableTwoFactor, enableTwoFactor, renewRecoveryCodes, startTwoFactorSetup, twoFactorStatus } from './two-factor.service.js';

// Admin > Settings (company security, SUPER_ACCESS) and the caller's own two-factor sign-in (any signed-in user),
// REST door (docs/api.md 'Company security and two-factor sign-in').
export async function securityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const admin = { permissions: [PERMISSIONS.SUPER_ACCESS] };
  const own = { errors: ['CONFLICT' as const] };

  app.get(
    '/api/company-settings/security',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        operationId: 'companySettings.security',
        summary: 'The security settings',
        response: { 200: oneResponseSchema(CompanySecuritySchema) },
      },
    },
    async (req) => ({ data: await companySecurity(deps, actorOf(req)) }),
  );
  app.put(
    '/api/company-settings/security',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        operationId: 'companySettings.updateSecurity',
        summary: 'Change the security settings',
        body: CompanySecuritySchema,
        response: { 200: oneResponseSchema(CompanySecuritySchema) },
      },
    },
    async (req) => ({ data: await updateCompanySecurity(deps, actorOf(req), req.body) }),
  );

  const tags = ['auth'];
  app.get(
    '/api/two-factor',
    {
      schema: {
        tags,
        operationId: 'twoFactor.status',
        summary: "The caller's two-factor state",
        response: { 200: oneResponseSchema(TwoFactorStatusSchema) },
      },
    },
    async (req) => ({ data: await twoFactorStatus(deps, actorOf(req)) }),
  );
  app.post(
    '/api/two-factor/setup',
    {
      config: own,
      schema: {
        tags,
        operationId: 'twoFactor.setup',
        summary: 'A new authenticator secret',
        response: { 200: oneResponseSchema(TwoFactorSetupSchema) },
      },
    },
    async (req) => ({ data: await startTwoFactorSetup(deps, actorOf(req)) }),
  );
  app.post(
    '/api/two-factor/enable',
    {
      config: own,
      schema: {
        tags,
        operationId: 'twoFactor.enable',
        summary: 'Turn on with a first code (answers recovery codes)',
        body: TwoFactorCodeInputSchema,
        response: { 200: oneResponseSchema(RecoveryCodesSchema) },
      },
    },
    async (req) => ({ data: await enableTwoFactor(deps, actorOf(req), req.body.code) }),
  );
  app.post(
    '/api/two-factor/disable',
    {
      config: own,
      schema: {
        tags,
        operationId: 'twoFactor.disable',
        summary: 'Turn off with a code',
        body: TwoFactorCodeInputSchema,
        response: { 200: oneResponseSchema(TwoFactorStatusSchema) },
      },
    },
    async (req) => ({ data: await disableTwoFactor(deps, actorOf(req), req.body.code) }),
  );
  app.post(
    '/api/two-factor/recovery-codes',
    {
      config: own,
      schema: {
        tags,
        operationId: 'twoFactor.recoveryCodes',
        summary: 'New recovery codes',
        body: TwoFactorCodeInputSchema,
        response: { 200: oneResponseSchema(RecoveryCodesSchema) },
      },
    },
    async (req) => ({ data: await renewRecoveryCodes(deps, actorOf(req), req.body.code) }),
  );
}
