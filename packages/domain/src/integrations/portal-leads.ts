import { z } from 'zod';
import { JsonValueSchema } from '../resources/fields.js';
import type { IntegrationProviderName } from './integration-providers.js';
import { PARTNER_LEAD_CHANNELS, type PartnerLead } from './partner-webhook.js';

// Portal lead intake (docs/api.md 'Portal lead intake'): Property Finder's lead webhook and leads API, Bayut's and
// dubizzle's lead push, each read in its own shape and normalised to one InboundLead, which the leads' own upsert
// writes (inputSource = provider, sourceDataId = the provider's lead id).

/** The portals whose leads come in by webhook (Property Finder also by a safety poll). */
export const PORTAL_LEAD_PROVIDERS = ['propertyfinder', 'bayut', 'dubizzle'] as const satisfies readonly IntegrationProviderName[];
export type PortalLeadProvider = (typeof PORTAL_LEAD_PROVIDERS)[number];
export const isPortalLeadProvider = (name: string): name is PortalLeadProvider =>
  (PORTAL_LEAD_PROVIDERS as readonly string[]).includes(name);

/**
 * Property Finder: `X-Signature` = hex HMAC-SHA256(webhookSecret, raw body) (a `sha256=` prefix is accepted).
 * Bayut and dubizzle: `X-Bayut-Signature` = hex MD5(leadSecret + raw body).
 */
export const PORTAL_WEBHOOK_HEADERS = { propertyfinder: 'x-signature', bayut: 'x-bayut-signature', dubizzle: 'x-bayut-signature' } as const;
/** The secret that signs each portal's webhook. */
export const PORTAL_WEBHOOK_SECRET = { propertyfinder: 'webhookSecret', bayut: 'leadSecret', dubizzle: 'leadSecret' } as const;

/** How often Property Finder's leads API is polled as a safety net under the webhook. */
export const PROPERTY_FINDER_POLL_MINUTES = 10;
/** Failed polls in a row that put the integration in error (sync-status and the integrations screen show it). */
export const POLL_FAILURES_BEFORE_ERROR = 3;

export const INBOUND_LEAD_CHANNELS = PARTNER_LEAD_CHANNELS;
export type InboundLeadChannel = (typeof INBOUND_LEAD_CHANNELS)[number];

/** One lead from any provider, as our lead write path takes it. */
export const InboundLeadSchema = z.strictObject({
  provider: z.string(),
  externalId: z.string().min(1).max(200),
  receivedAt: z.iso.datetime({ offset: true }),
  channel: z.enum(INBOUND_LEAD_CHANNELS),
  contact: z.strictObject({
    fullName: z.string().max(200),
    phones: z.array(z.string().max(30)),
    emails: z.array(z.string().max(254)),
  }),
  listingReference: z.string().max(100).nullable(),
  /** An off-plan project the lead names (its slug or name), when the provider says so. */
  projectRef: z.string().max(200).nullish(),
  /**
   * Who the provider says should handle it: a member's email, or the provider's user id (`pf:{id}` for a Property
   * Finder public profile, mapped to a member by the members sync). Used only when nothing else routes the lead.
   */
  agentHint: z.string().max(254).nullish(),
  message: z.string().max(5000).nullable(),
});
export type InboundLead = z.infer<typeof InboundLeadSchema>;

const text = (max: number) => z.string().trim().max(max);

/** A Property Finder lead (webhook `payload` and `GET /v1/leads` items); extra fields are ignored. */
export const PropertyFinderLeadSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  createdAt: z.iso.datetime({ offset: true }),
  channel: z.enum(['whatsapp', 'call', 'email']),
  listing: z.looseObject({ id: z.union([z.string(), z.number()]).nullish(), reference: text(100).nullish() }).nullish(),
  sender: z.looseObject({
    name: text(200).nullish(),
    contacts: z.array(z.looseObject({ type: z.enum(['phone', 'email']), value: text(254) })).default([]),
  }),
  message: text(5000).nullish(),
  /** The project of an off-plan enquiry. */
  project: z.looseObject({ id: z.union([z.string(), z.number()]).nullish(), name: text(200).nullish() }).nullish(),
  /** The agent's public profile the enquiry reached. */
  publicProfile: z.looseObject({ id: z.union([z.string(), z.number()]).transform(String) }).nullish(),
});
export type PropertyFinderLead = z.infer<typeof PropertyFinderLeadSchema>;

/** A Property Finder public profile as our agent hint (members are mapped to them by the members sync). */
export const propertyFinderAgentHint = (profileId: string) => `pf:${profileId}`;

export const PROPERTY_FINDER_LEAD_EVENTS = ['lead.created', 'lead.updated', 'lead.assigned'] as const;
/** A listing's state at Property Finder changed: the listing's per-portal status follows. */
export const PROPERTY_FINDER_LISTING_EVENTS = ['listing.published', 'listing.unpublished'] as const;
/** Every event an account subscribes to (`POST /v1/webhooks`) when it is saved. */
export const PROPERTY_FINDER_WEBHOOK_EVENTS = [...PROPERTY_FINDER_LEAD_EVENTS, ...PROPERTY_FINDER_LISTING_EVENTS] as const;

/** The listing a `listing.*` event is about: Property Finder's id (`entity.id` or `payload.id`) and our reference. */
export const PropertyFinderListingEventSchema = z.looseObject({
  entity: z.looseObject({ id: z.union([z.string(), z.number()]).transform(String).nullish() }).nullish(),
  payload: z
    .looseObject({
      id: z.union([z.string(), z.number()]).transform(String).nullish(),
      reference: text(100).nullish(),
    })
    .nullish(),
});

/** A Property Finder webhook event; only the lead events carry a lead we take. */
export const PropertyFinderWebhookSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  type: z.string().max(100),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  // Lead events carry the lead here; listing events may name the listing only in `entity`.
  payload: z.unknown().optional(),
});

/** `GET /v1/leads`: one page, oldest first from `createdAtFrom`. */
export const PropertyFinderLeadsPageSchema = z.looseObject({
  data: z.array(z.unknown()),
  pagination: z.looseObject({ page: z.number().int(), totalPages: z.number().int() }),
});

/** A Bayut or dubizzle lead push (WhatsApp, call, email or story leads). */
export const BayutLeadSchema = z.looseObject({
  lead_id: z.union([z.string(), z.number()]).transform(String),
  lead_type: z.enum(['whatsapp', 'call', 'email', 'story']),
  created_at: z.iso.datetime({ offset: true }),
  property_reference: text(100).nullish(),
  client: z.looseObject({ name: text(200).nullish(), phone: text(30).nullish(), email: text(254).nullish() }),
  message: text(5000).nullish(),
});
export type BayutLead = z.infer<typeof BayutLeadSchema>;

const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function inboundFromPropertyFinder(lead: PropertyFinderLead): InboundLead {
  const of = (type: 'phone' | 'email') => lead.sender.contacts.filter((c) => c.type === type && c.value).map((c) => c.value);
  return {
    provider: 'propertyfinder',
    externalId: lead.id,
    receivedAt: lead.createdAt,
    channel: lead.channel,
    contact: { fullName: lead.sender.name?.trim() || 'Property Finder enquirer', phones: of('phone'), emails: of('email') },
    listingReference: orNull(lead.listing?.reference),
    projectRef: orNull(lead.project?.name),
    agentHint: lead.publicProfile ? propertyFinderAgentHint(lead.publicProfile.id) : null,
    message: orNull(lead.message),
  };
}

export function inboundFromBayut(provider: 'bayut' | 'dubizzle', lead: BayutLead): InboundLead {
  return {
    provider,
    externalId: lead.lead_id,
    receivedAt: lead.created_at,
    // A story lead is the customer tapping to reach the agent: it is called back.
    channel: lead.lead_type === 'story' ? 'call' : lead.lead_type,
    contact: {
      fullName: lead.client.name?.trim() || `${provider === 'bayut' ? 'Bayut' : 'dubizzle'} enquirer`,
      phones: lead.client.phone ? [lead.client.phone] : [],
      emails: lead.client.email ? [lead.client.email] : [],
    },
    listingReference: orNull(lead.property_reference),
    message: orNull(lead.message),
  };
}

export function inboundFromPartner(provider: IntegrationProviderName, lead: PartnerLead): InboundLead {
  return {
    provider,
    externalId: lead.id,
    receivedAt: lead.createdAt,
    channel: lead.channel,
    contact: { fullName: lead.contact.name, phones: [lead.contact.phone], emails: [lead.contact.email] },
    listingReference: orNull(lead.listingReference),
    agentHint: orNull(lead.agentEmail?.toLowerCase()),
    message: orNull(lead.message),
  };
}

export const INTEGRATION_LOG_DIRECTIONS = ['inbound', 'outbound'] as const;

/** One row of the integration log (Settings > Integrations > Log): bodies already redacted when written. */
export const IntegrationLogEntrySchema = z.strictObject({
  _id: z.string(),
  provider: z.string(),
  direction: z.enum(INTEGRATION_LOG_DIRECTIONS),
  operation: z.string(),
  status: z.number().int().nullable(),
  outcome: z.enum(['ok', 'failed', 'rejected', 'duplicate']),
  durationMs: z.number().int(),
  // The registered JSON schema (a named OpenAPI component), so the recursive type resolves in the document.
  requestBody: JsonValueSchema.nullable(),
  responseBody: JsonValueSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type IntegrationLogEntry = z.infer<typeof IntegrationLogEntrySchema>;

export const IntegrationLogQuerySchema = z.strictObject({
  provider: z.string().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type IntegrationLogQuery = z.infer<typeof IntegrationLogQuerySchema>;
