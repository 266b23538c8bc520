import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oneResponseSchema, PERMISSIONS, RoleInputSchema, RoleRecordSchema } from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { createRole, removeRole, updateRole } from './role-admin.service.js';

// Admin > User Roles (docs/api.md 'Users and roles'), REST door: create, change the matrix, remove. The lists are
// the generic resource's (GET user-roles...).
export async function roleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['admin'];
  const config = { permissions: [PERMISSIONS.ROLES_VIEW], errors: ['CONFLICT' as const] };
  const params = z.object({ id: z.string().max(100) });
  const answer = { 200: oneResponseSchema(RoleRecordSchema) };

  app.post(
    '/api/user-roles/create',
    {
      config,
      schema: {
        tags,
        operationId: 'roles.create',
        summary: 'Create a role',
        body: RoleInputSchema,
        response: { 201: oneResponseSchema(RoleRecordSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await createRole(deps, actorOf(req), req.body) }),
  );

  app.patch(
    '/api/user-roles/:id/matrix',
    {
      config,
      schema: {
        tags,
        operationId: 'roles.update',
        summary: "Change a role's name and permissions",
        params,
        body: RoleInputSchema,
        response: answer,
      },
    },
    async (req) => ({ data: await updateRole(deps, actorOf(req), req.params.id, req.body) }),
  );

  app.post(
    '/api/user-roles/:id/remove',
    { config, schema: { tags, operationId: 'roles.remove', summary: 'Remove a role no user holds', params, response: answer } },
    async (req) => ({ data: await removeRole(deps, actorOf(req), req.params.id) }),
  );
}
