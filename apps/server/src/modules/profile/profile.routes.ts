import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccessLogQuerySchema,
  AccessLogSchema,
  ChangeActiveAssetInputSchema,
  ChangePasswordInputSchema,
  IntercomHashInputSchema,
  IntercomHashSchema,
  ProfileSchema,
  SessionSchema,
  UpdateProfileInputSchema,
  listResponseSchema,
  oneResponseSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { listOwnAccessLogs, enforceAuthRateLimit, requestMeta } from '../auth/index.js';
import { changeActiveAsset, changePassword, getProfile, intercomHash, updateProfile } from './profile.service.js';

// Profile (docs/api.md 'Other calls'), REST door: the caller's own account; every logged-in user may call it.
export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const profileAnswer = { 200: oneResponseSchema(ProfileSchema) };
  const tags = ['profile'];

  app.get(
    '/api/profile',
    { schema: { tags, operationId: 'profile.get', summary: 'The caller’s profile', response: profileAnswer } },
    async (req) => ({
      data: await getProfile(deps, actorOf(req)),
    }),
  );

  app.patch(
    '/api/profile',
    {
      schema: {
        tags,
        operationId: 'profile.update',
        summary: 'Update full name and avatar',
        body: UpdateProfileInputSchema,
        response: profileAnswer,
      },
    },
    async (req) => ({ data: await updateProfile(deps, actorOf(req), req.body) }),
  );

  app.patch(
    '/api/profile/change-password',
    {
      schema: {
        tags,
        operationId: 'profile.changePassword',
        summary: 'Change the password; answers a fresh session (every other session is revoked)',
        body: ChangePasswordInputSchema,
        response: { 200: oneResponseSchema(SessionSchema) },
      },
    },
    async (req, reply) => {
      await enforceAuthRateLimit(deps, req, 'changePassword', actorOf(req).userId, reply);
      return { data: await changePassword(deps, actorOf(req), req.body, requestMeta(req)) };
    },
  );

  app.patch(
    '/api/profile/change-active-asset',
    {
      schema: {
        tags,
        operationId: 'profile.changeActiveAsset',
        summary: 'Switch the active asset',
        body: ChangeActiveAssetInputSchema,
        response: profileAnswer,
      },
    },
    async (req) => ({ data: await changeActiveAsset(deps, actorOf(req), req.body) }),
  );

  app.post(
    '/api/profile/intercom-hash',
    {
      schema: {
        tags,
        operationId: 'profile.intercomHash',
        summary: 'Intercom identity hash of the caller',
        // The original client may post no body at all (Fastify then hands over null).
        body: IntercomHashInputSchema.nullish(),
        response: { 200: oneResponseSchema(IntercomHashSchema) },
      },
    },
    async (req) => ({ data: intercomHash(deps, actorOf(req), req.body ?? {}) }),
  );

  app.get(
    '/api/profile/access-logs',
    {
      schema: {
        tags,
        operationId: 'profile.accessLogs',
        summary: 'The caller’s own access log, newest first',
        querystring: AccessLogQuerySchema,
        response: { 200: listResponseSchema(AccessLogSchema) },
      },
    },
    async (req) => listOwnAccessLogs(deps, actorOf(req), req.query),
  );
}
