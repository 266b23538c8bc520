import { z } from 'zod';
import { IntegrationOfficesSchema, MEMBER_INTEGRATIONS, oneResponseSchema } from '@crm/domain';
import { resourceProcedures } from '../../resources/resource-procedures.js';
import { protectedProcedure, router } from '../../trpc/trpc.js';
import { departmentResource } from './department.resource.js';
import { groupResource } from './group.resource.js';
import { memberDoors } from './member.calls.js';
import { memberRatingResource } from './member-rating.resource.js';
import { integrationOffices } from './member-sync.service.js';
import { memberResource } from './member.resource.js';

// Team members, tRPC door: the engine's procedures and the declared calls (member.calls.ts); the offices of an
// integration is one procedure for every integration (REST: one path each, members.routes.ts), not declared yet.

const id = z.string().max(100);

export const membersRouter = router({
  ...resourceProcedures(memberResource),
  ...memberDoors.procedures,
  integrationOffices: protectedProcedure
    .input(z.strictObject({ integration: z.enum(Object.keys(MEMBER_INTEGRATIONS) as [keyof typeof MEMBER_INTEGRATIONS]), asset: id }))
    .output(oneResponseSchema(IntegrationOfficesSchema))
    .query(async ({ ctx, input }) => ({ data: await integrationOffices(ctx, input.integration, input.asset) })),
});
export const departmentsRouter = router(resourceProcedures(departmentResource));
export const groupsRouter = router(resourceProcedures(groupResource));
export const memberRatingsRouter = router(resourceProcedures(memberRatingResource));
