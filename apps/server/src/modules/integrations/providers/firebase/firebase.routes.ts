import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oneResponseSchema, PushDeviceSchema, PushTokenInputSchema, PushTokenRemoveSchema } from '@crm/domain';
import { actorOf } from '../../../../plugins/auth.plugin.js';
import { listPushDevices, registerPushToken, removePushToken } from './push-devices.service.js';

// The signed-in person's push devices (Firebase, docs/api.md 'Integrations'); tRPC: marketing.router.ts.
export async function firebaseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // The signed-in person's devices for push notifications (Firebase).
  const profile = ['profile'];
  app.get(
    '/api/profile/push-tokens',
    {
      schema: {
        tags: profile,
        operationId: 'profile.pushDevices',
        summary: "The caller's push devices",
        response: { 200: oneResponseSchema(z.array(PushDeviceSchema)) },
      },
    },
    async (req) => ({ data: await listPushDevices(deps, actorOf(req)) }),
  );
  app.post(
    '/api/profile/push-tokens',
    {
      schema: {
        tags: profile,
        operationId: 'profile.registerPushToken',
        summary: "Register this device's push token",
        body: PushTokenInputSchema,
        response: { 200: oneResponseSchema(PushDeviceSchema) },
      },
    },
    async (req) => ({ data: await registerPushToken(deps, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/profile/push-tokens',
    {
      schema: {
        tags: profile,
        operationId: 'profile.removePushToken',
        summary: "Forget this device's push token",
        body: PushTokenRemoveSchema,
        response: { 200: oneResponseSchema(z.strictObject({ removed: z.literal(true) })) },
      },
    },
    async (req) => ({ data: await removePushToken(deps, actorOf(req), req.body) }),
  );
}
