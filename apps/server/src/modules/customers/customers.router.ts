import { z } from 'zod';
import {
  customerContract,
  CustomerLoginUrlInputSchema,
  CustomerLoginUrlRevokeResultSchema,
  CustomerLoginUrlSchema,
  CustomerPasswordInputSchema,
  CustomerQuickLoginInputSchema,
  CustomerQuickLoginResultSchema,
  CustomerStatusInputSchema,
  oneResponseSchema,
} from '@crm/domain';
import { protectedProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import {
  addCustomerCredentials,
  changeCustomerPassword,
  changeCustomerStatus,
  createCustomerLoginUrl,
  revokeCustomerLoginUrl,
  verifyCustomerQuickLogin,
} from './customer-login.service.js';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { customerResource } from './customer.resource.js';

// Customer calls (docs/api.md 'Other calls'), tRPC door onto the same services as customers.routes.ts, beside the engine's
// procedures (list, search, create, update...). The services check permissions and tenancy, so the procedures only need a signed-in caller.

const id = z.string().max(100);
const customerAnswer = oneResponseSchema(customerContract.record);
export const customersRouter = router({
  ...resourceProcedures(customerResource),
  createLoginUrl: protectedProcedure
    .input(CustomerLoginUrlInputSchema)
    .output(oneResponseSchema(CustomerLoginUrlSchema))
    .mutation(async ({ ctx, input }) => ({ data: await createCustomerLoginUrl(ctx, input) })),
  revokeLoginUrl: protectedProcedure
    .input(z.strictObject({ customer: id }))
    .output(oneResponseSchema(CustomerLoginUrlRevokeResultSchema))
    .mutation(async ({ ctx, input }) => ({ data: await revokeCustomerLoginUrl(ctx, input.customer) })),
  addCredentials: protectedProcedure
    .input(CustomerPasswordInputSchema.extend({ id }))
    .output(customerAnswer)
    .mutation(async ({ ctx, input }) => ({ data: await addCustomerCredentials(ctx, input.id, { password: input.password }) })),
  changePassword: protectedProcedure
    .input(CustomerPasswordInputSchema.extend({ id }))
    .output(customerAnswer)
    .mutation(async ({ ctx, input }) => ({ data: await changeCustomerPassword(ctx, input.id, { password: input.password }) })),
  changeStatus: protectedProcedure
    .input(CustomerStatusInputSchema.extend({ id }))
    .output(customerAnswer)
    .mutation(async ({ ctx, input }) => ({ data: await changeCustomerStatus(ctx, input.id, { enabled: input.enabled }) })),
  quickLogin: publicProcedure
    .input(CustomerQuickLoginInputSchema)
    .output(oneResponseSchema(CustomerQuickLoginResultSchema))
    .mutation(async ({ ctx, input }) => ({ data: await verifyCustomerQuickLogin(ctx.deps, input) })),
});
