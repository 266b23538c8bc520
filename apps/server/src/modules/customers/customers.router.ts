import { z } from 'zod';
import {
  CustomerInputSchema,
  CustomerLoginUrlInputSchema,
  CustomerPasswordInputSchema,
  CustomerQuickLoginInputSchema,
  CustomerSearchInputSchema,
  CustomerStatusInputSchema,
  type CustomerUpdateInputSchema,
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
import { createCustomer, customerDistinct, searchCustomers, updateCustomer } from './customers.service.js';

// Customer calls (docs/api.md 'Other calls'), tRPC door onto the same services as customers.routes.ts (and the engine's
// create/update). The services check permissions and tenancy, so the procedures only need a signed-in caller.

const id = z.string().max(100);
/** The update body is checked by the service, so its messages name `phone`, not `data.phone`. */
const updateBody = z.custom<z.input<typeof CustomerUpdateInputSchema>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);

export const customersRouter = router({
  create: protectedProcedure.input(CustomerInputSchema).mutation(async ({ ctx, input }) => ({ data: await createCustomer(ctx, input) })),
  update: protectedProcedure
    .input(z.strictObject({ id, data: updateBody }))
    .mutation(async ({ ctx, input }) => ({ data: await updateCustomer(ctx, input.id, input.data) })),
  search: protectedProcedure.input(CustomerSearchInputSchema).query(({ ctx, input }) => searchCustomers(ctx, input.filter, input.keyword)),
  distinct: protectedProcedure
    .input(z.strictObject({ field: z.string().max(64), filter: z.unknown().optional() }))
    .query(async ({ ctx, input }) => ({ data: await customerDistinct(ctx, input.field, input.filter) })),
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
