import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  oneResponseSchema,
  PERMISSIONS,
  ProviderOptionSchema,
  PushDeviceSchema,
  PushTokenInputSchema,
  PushTokenRemoveSchema,
  SendGridWebhookReceiptSchema,
  ShortLinkSchema,
  ZapierActionInfoSchema,
  ZapierMeSchema,
  ZapierSubscribeInputSchema,
  ZapierSubscriptionSchema,
  ZapierTriggerInfoSchema,
} from '@crm/domain';
import { actorOf } from '../../../plugins/auth.plugin.js';
import { listPushDevices, registerPushToken, removePushToken } from './firebase/push-devices.service.js';
import {
  ACTIVECAMPAIGN_LOOKUPS,
  activeCampaignLookup,
  sendGridContactLists,
  type ActiveCampaignLookup,
} from './provider-lookups.service.js';
import { rawWebhookScope } from './raw-webhook-scope.js';
import { receiveSendGridEvents } from './sendgrid/sendgrid-webhook.js';
import { shortenLeadTrackingLink, shortenListing } from './tinyurl/short-link.service.js';
import { subscribeZapierHook, unsubscribeZapierHook, zapierActions, zapierMe, zapierTriggers } from './zapier/zapier.service.js';

// REST door of SendGrid, ActiveCampaign, Firebase, TinyURL and Zapier (docs/api.md 'Integrations'); tRPC door:
// marketing.router.ts, onto the same services.
export async function marketingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['integrations'];
  const admin = { permissions: [PERMISSIONS.INTEGRATIONS_VIEW] };
  const base = '/api/assets/:id/integrations';
  const asset = z.object({ id: z.string().max(100) });
  const options = { 200: oneResponseSchema(z.array(ProviderOptionSchema)) };

  app.get(
    `${base}/sendgrid/contacts-lists`,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'integrations.sendgridContactLists',
        summary: "SendGrid's Marketing contact lists",
        params: asset,
        response: options,
      },
    },
    async (req) => ({ data: await sendGridContactLists(deps, actorOf(req), req.params.id) }),
  );
  for (const lookup of Object.keys(ACTIVECAMPAIGN_LOOKUPS) as ActiveCampaignLookup[]) {
    const name = lookup.replace(/-lists$/, '').replace(/-(\w)/g, (_m, letter: string) => letter.toUpperCase());
    app.get(
      `${base}/activecampaign/${lookup}`,
      {
        config: admin,
        schema: {
          tags,
          operationId: `integrations.activecampaign${name[0]?.toUpperCase()}${name.slice(1)}`,
          summary: `ActiveCampaign's ${lookup.replace(/-lists$/, '').replace('-', ' ')}`,
          params: asset,
          response: options,
        },
      },
      async (req) => ({ data: await activeCampaignLookup(deps, actorOf(req), req.params.id, lookup) }),
    );
  }
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

  // Short links (TinyURL).
  const id = z.object({ id: z.string().max(100) });
  app.post(
    '/api/properties/listings/:id/short-link',
    {
      schema: {
        tags: ['properties'],
        operationId: 'listings.shortLink',
        summary: "Make the listing's short link (TinyURL)",
        params: id,
        response: { 200: oneResponseSchema(ShortLinkSchema) },
      },
    },
    async (req) => ({ data: await shortenListing(deps, actorOf(req), req.params.id) }),
  );
  app.post(
    '/api/properties/leads/:id/short-link',
    {
      schema: {
        tags: ['leads'],
        operationId: 'leads.shortLink',
        summary: "Shorten the lead's tracking link (TinyURL)",
        params: id,
        response: { 200: oneResponseSchema(ShortLinkSchema) },
      },
    },
    async (req) => ({ data: await shortenLeadTrackingLink(deps, actorOf(req), req.params.id) }),
  );

  // SendGrid's Event Webhook: public, signed, raw bytes.
  await rawWebhookScope(fastify, async (scope, limit) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/integrations/sendgrid/webhook/:integrationId',
      {
        config: { public: true },
        onRequest: limit,
        schema: {
          tags,
          operationId: 'integrations.sendgridWebhook',
          summary: "SendGrid's Event Webhook (ECDSA-signed; answered at once, redeliveries too)",
          params: z.object({ integrationId: z.uuid() }),
          response: { 200: oneResponseSchema(SendGridWebhookReceiptSchema) },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return { data: await receiveSendGridEvents(scope.deps, req.params.integrationId, req.headers, raw) };
      },
    );
  });
}
