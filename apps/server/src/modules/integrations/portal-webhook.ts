import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  BayutLeadSchema,
  inboundFromBayut,
  inboundFromPropertyFinder,
  PORTAL_WEBHOOK_HEADERS,
  PORTAL_WEBHOOK_SECRET,
  PROPERTY_FINDER_LEAD_EVENTS,
  PROPERTY_FINDER_LISTING_EVENTS,
  PropertyFinderLeadSchema,
  PropertyFinderListingEventSchema,
  PropertyFinderWebhookSchema,
  type InboundLead,
  type PortalLeadProvider,
  type PortalListingState,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { validationError } from '../../core/error-envelope.js';
import type { SecretValues } from '../../core/secret-box.js';
import { webhookJson } from './inbound-webhook.js';

// The portals' lead webhooks (docs/api.md 'Portal lead intake'): each signature checked on the raw bytes in
// constant time, then the body read in the portal's own shape and normalised to an InboundLead.

export const propertyFinderSignature = (secret: string, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(rawBody).digest('hex');
export const bayutSignature = (secret: string, rawBody: Buffer | string) => createHash('md5').update(secret).update(rawBody).digest('hex');

function verifyPortal(provider: PortalLeadProvider, secret: string | undefined, header: unknown, rawBody: Buffer) {
  if (!secret || typeof header !== 'string') throw AppError.unauthorized('Invalid webhook signature');
  const given = header
    .trim()
    .toLowerCase()
    .replace(/^sha256=/, '');
  const expected = provider === 'propertyfinder' ? propertyFinderSignature(secret, rawBody) : bayutSignature(secret, rawBody);
  if (
    !/^[0-9a-f]+$/.test(given) ||
    given.length !== expected.length ||
    !timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))
  )
    throw AppError.unauthorized('Invalid webhook signature');
}

/** A Property Finder listing event: the state it reports, Property Finder's id and our reference, and when. */
export interface PortalListingEvent {
  state: PortalListingState;
  externalId: string | null;
  reference: string | null;
  at: string | null;
}

/** One webhook call: its event id (what makes a redelivery a duplicate), its lead, or its listing event. */
export interface PortalWebhookEvent {
  eventId: string;
  lead: InboundLead | null;
  listing: PortalListingEvent | null;
}

export function readPortalWebhook(
  provider: PortalLeadProvider,
  secrets: SecretValues,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): PortalWebhookEvent {
  verifyPortal(provider, secrets[PORTAL_WEBHOOK_SECRET[provider]], headers[PORTAL_WEBHOOK_HEADERS[provider]], rawBody);
  const json = webhookJson(rawBody);
  if (provider === 'propertyfinder') {
    const event = PropertyFinderWebhookSchema.safeParse(json);
    if (!event.success) throw validationError(event.error);
    if ((PROPERTY_FINDER_LISTING_EVENTS as readonly string[]).includes(event.data.type)) {
      const listing = PropertyFinderListingEventSchema.parse(json);
      return {
        eventId: event.data.id,
        lead: null,
        listing: {
          state: event.data.type === 'listing.published' ? 'published' : 'unpublished',
          externalId: listing.entity?.id ?? listing.payload?.id ?? null,
          reference: listing.payload?.reference ?? null,
          at: event.data.timestamp ?? null,
        },
      };
    }
    // User and other events are acknowledged; only lead events carry a lead.
    if (!(PROPERTY_FINDER_LEAD_EVENTS as readonly string[]).includes(event.data.type))
      return { eventId: event.data.id, lead: null, listing: null };
    const lead = PropertyFinderLeadSchema.safeParse(event.data.payload);
    if (!lead.success) throw validationError(lead.error);
    return { eventId: event.data.id, lead: inboundFromPropertyFinder(lead.data), listing: null };
  }
  const lead = BayutLeadSchema.safeParse(json);
  if (!lead.success) throw validationError(lead.error);
  // Bayut numbers its pushes by lead: a second push of one lead is a redelivery.
  return { eventId: lead.data.lead_id, lead: inboundFromBayut(provider, lead.data), listing: null };
}
