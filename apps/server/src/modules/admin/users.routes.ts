import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptInviteInputSchema,
  oneResponseSchema,
  PERMISSIONS,
  SessionSchema,
  UserCreateInputSchema,
  UserDetailSchema,
  UserInviteInputSchema,
  UserLinkSchema,
  UserStatusInputSchema,
  UserUpdateInputSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { enforceAuthRateLimit, requestMeta } from '../auth/index.js';
import { createUser, inviteUser, resetUserPassword, setUserEnabled, updateUser, userDetail } from './user-admin.service.js';
import { acceptInvite } from './user-link.service.js';

// Admin > Users (docs/api.md 'Users and roles'), REST door: the writes and the edit form's read. The lists are the
// generic resource's (GET users...). Accepting an invitation is public: the link's token is the credential.
export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['admin'];
  const config = { permissions: [PERMISSIONS.USERS_VIEW] };
  const params = z.object({ id: z.string().max(100) });
  const detail = { 200: oneResponseSchema(UserDetailSchema) };
  const link = { 200: oneResponseSchema(UserLinkSchema) };

  app.post(
    '/api/users/invite',
    {
      config: { ...config, errors: ['CONFLICT', 'NOT_FOUND'] },
      schema: {
        tags,
        operationId: 'users.invite',
        summary: 'Invite a user (answers the single-use link)',
        body: UserInviteInputSchema,
        response: { 201: oneResponseSchema(UserLinkSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await inviteUser(deps, actorOf(req), req.body) }),
  );

  app.post(
    '/api/users/create',
    {
      config: { ...config, errors: ['CONFLICT', 'NOT_FOUND'] },
      schema: {
        tags,
        operationId: 'users.create',
        summary: 'Create a user with a password',
        body: UserCreateInputSchema,
        response: { 201: oneResponseSchema(UserDetailSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await createUser(deps, actorOf(req), req.body) }),
  );

  app.get(
    '/api/users/:id/detail',
    { config, schema: { tags, operationId: 'users.detail', summary: 'A user with their assets', params, response: detail } },
    async (req) => ({ data: await userDetail(deps, actorOf(req), req.params.id) }),
  );

  app.patch(
    '/api/users/:id/account',
    {
      config: { ...config, errors: ['CONFLICT'] },
      schema: {
        tags,
        operationId: 'users.update',
        summary: 'Change name, role and assets',
        params,
        body: UserUpdateInputSchema,
        response: detail,
      },
    },
    async (req) => ({ data: await updateUser(deps, actorOf(req), req.params.id, req.body) }),
  );

  app.patch(
    '/api/users/:id/status',
    {
      config: { ...config, errors: ['CONFLICT'] },
      schema: {
        tags,
        operationId: 'users.status',
        summary: 'Enable or disable a user',
        params,
        body: UserStatusInputSchema,
        response: detail,
      },
    },
    async (req) => ({ data: await setUserEnabled(deps, actorOf(req), req.params.id, req.body.enabled) }),
  );

  app.post(
    '/api/users/:id/reset-password',
    {
      config,
      schema: {
        tags,
        operationId: 'users.resetPassword',
        summary: 'End the sessions, mail the user a link to a new password and answer it',
        params,
        response: link,
      },
    },
    async (req) => ({ data: await resetUserPassword(deps, actorOf(req), req.params.id) }),
  );

  app.post(
    '/api/auth/accept-invite',
    {
      config: { public: true, errors: ['UNAUTHORIZED', 'RATE_LIMITED'] },
      schema: {
        tags: ['auth'],
        operationId: 'auth.acceptInvite',
        summary: 'Choose a password with an invitation link and sign in',
        body: AcceptInviteInputSchema,
        response: { 200: oneResponseSchema(SessionSchema) },
      },
    },
    async (req) => {
      await enforceAuthRateLimit(deps, req, 'resetPassword');
      return { data: await acceptInvite(deps, req.body, requestMeta(req)) };
    },
  );
}
