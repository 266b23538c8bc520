import { z } from 'zod';
import { defineCall, defineCalls, type ExtraRestDoor } from '../calls/define-call.js';
import {
  ProviderOptionSchema,
  PushDeviceSchema,
  PushTokenInputSchema,
  PushTokenRemoveSchema,
  ShortLinkSchema,
  ZapierActionInfoSchema,
  ZapierMeSchema,
  ZapierSubscribeInputSchema,
  ZapierSubscriptionSchema,
  ZapierTriggerInfoSchema,
} from './marketing.schemas.js';
import {
  ASSET_INTEGRATIONS_PATH as base,
  INTEGRATIONS_ACCESS as access,
  INTEGRATIONS_TAG as tag,
  inPathAsset,
} from './provider-call-parts.js';

// SendGrid's, ActiveCampaign's and Zapier's lookups, Firebase's push devices and TinyURL's short links (docs/api.md
// 'Integrations'), tRPC `marketing.*`. SendGrid's Event Webhook stays hand-written (raw body, signature).

const Options = z.array(ProviderOptionSchema);

const sendgridContactLists = defineCall({
  operationId: 'integrations.sendgridContactLists',
  summary: "SendGrid's Marketing contact lists",
  tag,
  access,
  scope: 'asset',
  kind: 'query',
  output: Options,
  rest: { method: 'GET', path: `${base}/sendgrid/contacts-lists`, ...inPathAsset, envelope: 'data' },
});

/** ActiveCampaign's lookups: one REST path (and operationId) each, one tRPC procedure for all. */
export const ACTIVECAMPAIGN_LOOKUP_NAMES = ['contacts-lists', 'tags-lists', 'fields-lists'] as const;
export type ActiveCampaignLookupName = (typeof ACTIVECAMPAIGN_LOOKUP_NAMES)[number];
const ActiveCampaignLookupInputSchema = z.strictObject({ lookup: z.enum(ACTIVECAMPAIGN_LOOKUP_NAMES) });

/** An extra REST door of the lookups: its path and operationId name the lookup. */
const lookupDoor = (lookup: ActiveCampaignLookupName, name: string): ExtraRestDoor<typeof ActiveCampaignLookupInputSchema> => ({
  method: 'GET',
  path: `${base}/activecampaign/${lookup}`,
  ...inPathAsset,
  envelope: 'data',
  operationId: `integrations.activecampaign${name}`,
  summary: `ActiveCampaign's ${name.toLowerCase()}`,
  toInput: () => ({ lookup }),
});

const activecampaignLookup = defineCall({
  operationId: 'integrations.activecampaignContacts',
  summary: "ActiveCampaign's contacts",
  tag,
  access,
  scope: 'asset',
  kind: 'query',
  input: ActiveCampaignLookupInputSchema,
  output: Options,
  rest: {
    method: 'GET',
    path: `${base}/activecampaign/contacts-lists`,
    ...inPathAsset,
    envelope: 'data',
    toInput: () => ({ lookup: 'contacts-lists' as const }),
  },
  restAlso: [lookupDoor('tags-lists', 'Tags'), lookupDoor('fields-lists', 'Fields')],
});

const zapierTriggers = defineCall({
  operationId: 'integrations.zapierTriggers',
  summary: "Zapier's triggers",
  tag,
  access,
  scope: 'asset',
  kind: 'query',
  output: z.array(ZapierTriggerInfoSchema),
  rest: { method: 'GET', path: `${base}/triggers/zapier`, ...inPathAsset, envelope: 'data' },
});

const zapierActions = defineCall({
  operationId: 'integrations.zapierActions',
  summary: "Zapier's actions",
  tag,
  access,
  scope: 'asset',
  kind: 'query',
  output: z.array(ZapierActionInfoSchema),
  rest: { method: 'GET', path: `${base}/actions/zapier`, ...inPathAsset, envelope: 'data' },
});

// Zapier's REST hooks, called by Zapier with one of the asset's API keys (the key's asset).
const zapierMe = defineCall({
  operationId: 'zapier.me',
  summary: "Zapier's authentication test: the key's asset",
  tag,
  access: 'signed-in',
  scope: 'none',
  kind: 'query',
  output: ZapierMeSchema,
  rest: { method: 'GET', path: '/api/integrations/zapier/me', envelope: 'data' },
});

const zapierSubscribe = defineCall({
  operationId: 'zapier.subscribe',
  summary: 'Subscribe a target URL to a trigger',
  tag,
  access: 'signed-in',
  scope: 'none',
  kind: 'mutation',
  input: ZapierSubscribeInputSchema,
  output: ZapierSubscriptionSchema,
  rest: { method: 'POST', path: '/api/integrations/zapier/hooks', status: 201, envelope: 'data' },
});

const ZapierHookIdSchema = z.strictObject({ hookId: z.uuid() });

const zapierUnsubscribe = defineCall({
  operationId: 'zapier.unsubscribe',
  summary: 'Unsubscribe a target URL',
  tag,
  access: 'signed-in',
  scope: 'none',
  kind: 'mutation',
  input: ZapierHookIdSchema,
  output: ZapierSubscriptionSchema,
  rest: {
    method: 'DELETE',
    path: '/api/integrations/zapier/hooks/:hookId',
    params: z.object({ hookId: z.uuid() }),
    envelope: 'data',
    toInput: ({ params }) => ({ hookId: params.hookId }),
  },
});

// The signed-in person's own devices for push notifications (Firebase).
const pushDevices = defineCall({
  operationId: 'profile.pushDevices',
  summary: "The caller's push devices",
  tag: 'profile',
  access: 'signed-in',
  scope: 'none',
  kind: 'query',
  output: z.array(PushDeviceSchema),
  rest: { method: 'GET', path: '/api/profile/push-tokens', envelope: 'data' },
});

const registerPushToken = defineCall({
  operationId: 'profile.registerPushToken',
  summary: "Register this device's push token",
  tag: 'profile',
  access: 'signed-in',
  scope: 'none',
  kind: 'mutation',
  input: PushTokenInputSchema,
  output: PushDeviceSchema,
  rest: { method: 'POST', path: '/api/profile/push-tokens', envelope: 'data' },
});

const removePushToken = defineCall({
  operationId: 'profile.removePushToken',
  summary: "Forget this device's push token",
  tag: 'profile',
  access: 'signed-in',
  scope: 'none',
  kind: 'mutation',
  input: PushTokenRemoveSchema,
  output: z.strictObject({ removed: z.literal(true) }),
  // A DELETE with a body (the token is not for an address).
  rest: { method: 'DELETE', path: '/api/profile/push-tokens', body: PushTokenRemoveSchema, envelope: 'data', toInput: ({ body }) => body },
});

// Short links (TinyURL): the services check the caller may see the record.
const ShortLinkInputSchema = z.strictObject({ id: z.string().max(100) });
const ShortLinkPathSchema = z.object({ id: z.string().max(100) });

const listingShortLink = defineCall({
  operationId: 'listings.shortLink',
  summary: "Make the listing's short link (TinyURL)",
  tag: 'properties',
  access: 'signed-in',
  scope: 'none',
  kind: 'mutation',
  input: ShortLinkInputSchema,
  output: ShortLinkSchema,
  rest: {
    method: 'POST',
    path: '/api/properties/listings/:id/short-link',
    params: ShortLinkPathSchema,
    envelope: 'data',
    toInput: ({ params }) => ({ id: params.id }),
  },
});

const leadShortLink = defineCall({
  operationId: 'leads.shortLink',
  summary: "Shorten the lead's tracking link (TinyURL)",
  tag: 'leads',
  access: 'signed-in',
  scope: 'none',
  kind: 'mutation',
  input: ShortLinkInputSchema,
  output: ShortLinkSchema,
  rest: {
    method: 'POST',
    path: '/api/properties/leads/:id/short-link',
    params: ShortLinkPathSchema,
    envelope: 'data',
    toInput: ({ params }) => ({ id: params.id }),
  },
});

export const sendGridCalls = defineCalls('marketing', { sendgridContactLists });
export const activeCampaignCalls = defineCalls('marketing', { activecampaignLookup });
export const zapierCalls = defineCalls('marketing', { zapierTriggers, zapierActions, zapierMe, zapierSubscribe, zapierUnsubscribe });
export const firebaseCalls = defineCalls('marketing', { pushDevices, registerPushToken, removePushToken });
export const tinyUrlCalls = defineCalls('marketing', { listingShortLink, leadShortLink });
