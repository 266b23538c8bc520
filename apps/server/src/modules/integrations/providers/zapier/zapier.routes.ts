import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  oneResponseSchema,
  PERMISSIONS,
  ZapierActionInfoSchema,
  ZapierMeSchema,
  ZapierSubscribeInputSchema,
  ZapierSubscriptionSchema,
  ZapierTriggerInfoSchema,
} from '@crm/domain';
import { actorOf } from '../../../../plugins/auth.plugin.js';
import { subscribeZapierHook, unsubscribeZapierHook, zapierActions, zapierMe, zapierTriggers } from './zapier.service.js';

// Zapier's triggers and actions, and its REST hooks (docs/api.md 'Integrations'); tRPC: marketing.router.ts.
export async function zapierRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['integrations'];
  const admin = { permissions: [PERMISSIONS.INTEGRATIONS_VIEW] };
  const base = '/api/assets/:id/integrations';
  const asset = z.object({ id: z.string().max(100) });

  app.get(
    `${base}/triggers/zapier`,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'integrations.zapierTriggers',
        summary: "Zapier's triggers",
        params: asset,
        response: { 200: oneResponseSchema(z.array(ZapierTriggerInfoSchema)) },
      },
    },
    async (req) => ({ data: await zapierTriggers(deps, actorOf(req), req.params.id) }),
  );
  app.get(
    `${base}/actions/zapier`,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'integrations.zapierActions',
        summary: "Zapier's actions",
        params: asset,
        response: { 200: oneResponseSchema(z.array(ZapierActionInfoSchema)) },
      },
    },
    async (req) => ({ data: zapierActions(actorOf(req), req.params.id) }),
  );

  // Zapier REST hooks, called by Zapier with one of the asset's API keys.
  const zapier = tags;
  app.get(
    '/api/integrations/zapier/me',
    {
      schema: {
        tags: zapier,
        operationId: 'zapier.me',
        summary: "Zapier's authentication test: the key's asset",
        response: { 200: oneResponseSchema(ZapierMeSchema) },
      },
    },
    async (req) => ({ data: await zapierMe(deps, actorOf(req)) }),
  );
  app.post(
    '/api/integrations/zapier/hooks',
    {
      schema: {
        tags: zapier,
        operationId: 'zapier.subscribe',
        summary: 'Subscribe a target URL to a trigger',
        body: ZapierSubscribeInputSchema,
        response: { 201: oneResponseSchema(ZapierSubscriptionSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await subscribeZapierHook(deps, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/integrations/zapier/hooks/:hookId',
    {
      schema: {
        tags: zapier,
        operationId: 'zapier.unsubscribe',
        summary: 'Unsubscribe a target URL',
        params: z.object({ hookId: z.uuid() }),
        response: { 200: oneResponseSchema(ZapierSubscriptionSchema) },
      },
    },
    async (req) => ({ data: await unsubscribeZapierHook(deps, actorOf(req), req.params.hookId) }),
  );
}
