import { z } from 'zod';
import { ZAPIER_TRIGGERS } from './integration-providers.js';

// What the marketing, push, analytics, short-link and automation providers' calls take and answer (docs/api.md
// 'Integrations': SendGrid, ActiveCampaign, Firebase, Amplitude, TinyURL, Zapier).

/** One entry of a provider lookup (a contact list, a tag, a custom field): what a form's picker shows. */
export const ProviderOptionSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** A short fact beside the name (a list's contact count, a field's type); null when the provider gives none. */
  detail: z.string().nullable(),
});
export type ProviderOption = z.infer<typeof ProviderOptionSchema>;

/** The product events the analytics and automation providers receive (ours). */
export const PRODUCT_EVENT_TYPES = ['lead.created', 'lead.accepted', 'lead.stage_changed', 'listing.published', 'deal.won'] as const;
export type ProductEventType = (typeof PRODUCT_EVENT_TYPES)[number];
/** Amplitude's event_type for each (its charts show these names). */
export const AMPLITUDE_EVENT_NAMES: Record<ProductEventType, string> = {
  'lead.created': 'Lead Created',
  'lead.accepted': 'Lead Accepted',
  'lead.stage_changed': 'Lead Stage Changed',
  'listing.published': 'Listing Published',
  'deal.won': 'Deal Won',
};

// ---- Zapier REST hooks ----------------------------------------------------------------------------------------

export const ZapierTriggerSchema = z.enum(ZAPIER_TRIGGERS, { error: 'Unknown trigger.' });
export type ZapierTrigger = z.infer<typeof ZapierTriggerSchema>;

export const ZAPIER_MESSAGES = {
  targetUrl: 'Target URL must be an https address of Zapier (hooks.zapier.com).',
  triggerOff: (trigger: string) => `The trigger ${trigger} is not switched on in this asset's Zapier settings.`,
  subscriptionNotFound: 'Subscription not found.',
} as const;

/** POST /api/integrations/zapier/hooks: Zapier subscribes a target URL to one trigger. */
export const ZapierSubscribeInputSchema = z.strictObject({
  event: ZapierTriggerSchema,
  targetUrl: z
    .string({ error: ZAPIER_MESSAGES.targetUrl })
    .max(2000, { error: ZAPIER_MESSAGES.targetUrl })
    .refine((value) => URL.canParse(value), { error: ZAPIER_MESSAGES.targetUrl }),
});
export type ZapierSubscribeInput = z.infer<typeof ZapierSubscribeInputSchema>;

export const ZapierSubscriptionSchema = z.strictObject({
  _id: z.string(),
  event: ZapierTriggerSchema,
  targetUrl: z.string(),
  createdAt: z.iso.datetime(),
});
export type ZapierSubscription = z.infer<typeof ZapierSubscriptionSchema>;

/** A lead as a trigger carries it (the customer's contact details included: the key's holder may read leads). */
export const LeadEventDataSchema = z.strictObject({
  id: z.string(),
  leadID: z.string().nullable(),
  stage: z.string(),
  status: z.string(),
  previousStage: z.string().nullable(),
  leadType: z.string().nullable(),
  source: z.string().nullable(),
  inputSource: z.string().nullable(),
  trackingLink: z.string().nullable(),
  agent: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  customer: z
    .strictObject({ id: z.string(), fullName: z.string(), email: z.string().nullable(), phoneNumber: z.string().nullable() })
    .nullable(),
  createdAt: z.iso.datetime(),
});
export type LeadEventData = z.infer<typeof LeadEventDataSchema>;

export const ListingEventDataSchema = z.strictObject({
  id: z.string(),
  reference: z.string(),
  title: z.string().nullable(),
  leadType: z.string(),
  status: z.string(),
  price: z.number().nullable(),
  city: z.string().nullable(),
  community: z.string().nullable(),
  bedrooms: z.number().nullable(),
  shortUrl: z.string().nullable(),
  agent: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
});
export type ListingEventData = z.infer<typeof ListingEventDataSchema>;

/** A won deal as a hook receives it: money in minor units, as the API answers it. */
export const DealEventDataSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  pipeline: z.string(),
  stage: z.string(),
  value: z.number(),
  commission: z.number(),
  currency: z.string(),
  leadId: z.string().nullable(),
  customer: z.strictObject({ id: z.string(), fullName: z.string() }).nullable(),
  agent: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  closedAt: z.string().nullable(),
});
export type DealEventData = z.infer<typeof DealEventDataSchema>;

/** What a subscribed target URL receives: one event, its id stable across redeliveries. */
export const ZapierHookPayloadSchema = z.strictObject({
  id: z.string(),
  event: ZapierTriggerSchema,
  occurredAt: z.iso.datetime(),
  asset: z.string(),
  data: z.union([LeadEventDataSchema, ListingEventDataSchema, DealEventDataSchema]),
});
export type ZapierHookPayload = z.infer<typeof ZapierHookPayloadSchema>;

/** triggers/zapier: each trigger, whether the asset has it on, and a sample of what it sends. */
export const ZapierTriggerInfoSchema = z.strictObject({
  key: ZapierTriggerSchema,
  label: z.string(),
  enabled: z.boolean(),
  /** Whether the trigger fires (every trigger does now; kept for triggers announced before their area exists). */
  available: z.boolean(),
  subscriptions: z.number().int(),
  sample: ZapierHookPayloadSchema.nullable(),
});
export type ZapierTriggerInfo = z.infer<typeof ZapierTriggerInfoSchema>;

/** actions/zapier: the calls a Zap may make with the asset's API key (the leads' own calls). */
export const ZapierActionInfoSchema = z.strictObject({
  key: z.string(),
  label: z.string(),
  method: z.enum(['POST', 'PATCH']),
  path: z.string(),
  permissions: z.array(z.string()),
  description: z.string(),
});
export type ZapierActionInfo = z.infer<typeof ZapierActionInfoSchema>;

/** GET /api/integrations/zapier/me: Zapier's authentication test, what the key opens. */
export const ZapierMeSchema = z.strictObject({
  asset: z.strictObject({ id: z.string(), name: z.string() }),
  keyName: z.string().nullable(),
});
export type ZapierMe = z.infer<typeof ZapierMeSchema>;

// ---- Firebase push devices ----------------------------------------------------------------------------------

export const PUSH_PLATFORMS = ['ios', 'android', 'web'] as const;
export const PUSH_MESSAGES = {
  token: 'Token must be the device registration token (1 to 4096 characters).',
  platform: 'Platform must be ios, android or web.',
  notFound: 'Device not found.',
} as const;

/** POST /profile/push-tokens: the signed-in person's device registration token (FCM). */
export const PushTokenInputSchema = z.strictObject({
  token: z.string({ error: PUSH_MESSAGES.token }).trim().min(1, { error: PUSH_MESSAGES.token }).max(4096, { error: PUSH_MESSAGES.token }),
  platform: z.enum(PUSH_PLATFORMS, { error: PUSH_MESSAGES.platform }).optional(),
});
export type PushTokenInput = z.infer<typeof PushTokenInputSchema>;

/** DELETE /profile/push-tokens: the token to forget (a device signing out). */
export const PushTokenRemoveSchema = PushTokenInputSchema.pick({ token: true });
export type PushTokenRemove = z.infer<typeof PushTokenRemoveSchema>;

/** A registered device: the token only by its last characters. */
export const PushDeviceSchema = z.strictObject({
  _id: z.string(),
  platform: z.enum(PUSH_PLATFORMS).nullable(),
  tokenHint: z.string(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

// ---- TinyURL short links -----------------------------------------------------------------------------------

export const SHORT_LINK_MESSAGES = {
  noTrackingLink: 'This lead has no tracking link to shorten.',
  create: 'Make short link',
  renew: 'New short link',
  created: 'Short link created',
  copy: 'Copy short link',
  copied: 'Short link copied',
  none: 'No short link yet',
} as const;

/** POST properties/listings/{id}/short-link and properties/leads/{id}/short-link. */
export const ShortLinkSchema = z.strictObject({ shortUrl: z.string(), longUrl: z.string() });
export type ShortLink = z.infer<typeof ShortLinkSchema>;

// ---- SendGrid Event Webhook ----------------------------------------------------------------------------------

/** One event of SendGrid's Event Webhook (the fields we read; others pass). */
export const SendGridEventSchema = z.looseObject({
  email: z.string(),
  event: z.string(),
  timestamp: z.number(),
  sg_event_id: z.string().min(1),
  sg_message_id: z.string().optional(),
  reason: z.string().optional(),
  type: z.string().optional(),
});
export type SendGridEvent = z.infer<typeof SendGridEventSchema>;
export const SendGridEventsSchema = z.array(SendGridEventSchema).max(10_000);

/** The SendGrid events that change a customer's email status, and to what. */
export const SENDGRID_EMAIL_STATUS_EVENTS = {
  bounce: 'bounced',
  dropped: 'bounced',
  unsubscribe: 'unsubscribed',
  group_unsubscribe: 'unsubscribed',
  spamreport: 'spam',
} as const;

/** The Event Webhook's answer: how many events were new, how many were redeliveries. */
export const SendGridWebhookReceiptSchema = z.strictObject({ received: z.number().int(), duplicates: z.number().int() });
export type SendGridWebhookReceipt = z.infer<typeof SendGridWebhookReceiptSchema>;
