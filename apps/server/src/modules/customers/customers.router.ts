import { z } from 'zod';
import {
  CustomerLoginUrlInputSchema,
  CustomerPasswordInputSchema,
  CustomerQuickLoginInputSchema,
  CustomerSearchInputSchema,
  CustomerStatusInputSchema,
  customerContract,
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
import { searchCustomers } from './customers.service.js';

// Customer calls (docs/api.md 'Other calls'), tRPC door onto the same services as customers.routes.ts (and the engine's
// create/update). The services check permissions and tenancy, so the procedures only need a signed-in caller.
// `search` is the engine's (the customers screen pages through it); `lookup` is GET customers/search, the lead
// form's customer select (phone digits, at most 40 rows).

const id = z.string().max(100);
export const customersRouter = router({
  ...resourceProcedures(customerResource),
  lookup: protectedProcedure
    .input(CustomerSearchInputSchema)
    .output(customerContract.listResponse)
    .query(({ ctx, input }) => searchCustomers(ctx, input.filter, input.keyword)),
  createLoginUrl: protectedProcedure
    .input(CustomerLoginUrlInputSchema)
    .mutation(async ({ ctx, input }) => ({ data: await createCustomerLoginUrl(ctx, input) })),
  revokeLoginUrl: protectedProcedure
    .input(z.strictObject({ customer: id }))
    .mutation(async ({ ctx, input }) => ({ data: await revokeCustomerLoginUrl(ctx, input.customer) })),
  addCredentials: protectedProcedure
    .input(CustomerPasswordInputSchema.extend({ id }))
    .mutation(async ({ ctx, input }) => ({ data: await addCustomerCredentials(ctx, input.id, { password: input.password }) })),
  changePassword: protectedProcedure
    .input(CustomerPasswordInputSchema.extend({ id }))
    .mutation(async ({ ctx, input }) => ({ data: await changeCustomerPassword(ctx, input.id, { password: input.password }) })),
  changeStatus: protectedProcedure
    .input(CustomerStatusInputSchema.extend({ id }))
    .mutation(async ({ ctx, input }) => ({ data: await changeCustomerStatus(ctx, input.id, { enabled: input.enabled }) })),
  quickLogin: publicProcedure
    .input(CustomerQuickLoginInputSchema)
    .mutation(async ({ ctx, input }) => ({ data: await verifyCustomerQuickLogin(ctx.deps, input) })),
});
