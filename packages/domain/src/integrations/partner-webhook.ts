import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import type { ContactMethod } from '../leads/lead-enums.js';
import { integrationProviders, type IntegrationProviderName } from './integration-providers.js';

// The partner-feed model's lead webhook (docs/api.md 'Partner lead webhook'): a partner posts one lead as JSON,
// signed `X-Signature: sha256=<hex HMAC-SHA256(sharedSecret, X-Timestamp + "." + raw body)>`, X-Timestamp in Unix
// seconds within 5 minutes of our clock.

export const PARTNER_WEBHOOK_HEADERS = { timestamp: 'x-timestamp', signature: 'x-signature' } as const;
export const PARTNER_WEBHOOK_TOLERANCE_SECONDS = 300;
export const PARTNER_WEBHOOK_MAX_BYTES = 1_048_576;

/** The providers on the partner-feed model: their shared secret signs the leads they post. */
export const PARTNER_FEED_PROVIDERS = (Object.keys(integrationProviders) as IntegrationProviderName[]).filter(
  (name) => 'sharedSecret' in integrationProviders[name].secrets.shape,
);
export const isPartnerFeedProvider = (name: IntegrationProviderName) => PARTNER_FEED_PROVIDERS.includes(name);

export const PARTNER_LEAD_CHANNELS = ['call', 'whatsapp', 'email', 'form'] as const;
/** How the customer reached the partner, as our lead's contact method. */
export const PARTNER_CHANNEL_CONTACT_METHOD: Record<(typeof PARTNER_LEAD_CHANNELS)[number], ContactMethod> = {
  call: 'Phone',
  whatsapp: 'WhatsApp',
  email: 'Email',
  form: 'Website',
};

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** One partner lead. Phone and email are both required: they make (or find) our customer. */
export const PartnerLeadSchema = z.strictObject({
  id: required('id', 200),
  createdAt: z.iso.datetime({ offset: true, error: 'createdAt must be an ISO 8601 date and time.' }),
  contact: z.strictObject({
    name: required('contact.name', 200),
    phone: required('contact.phone', 30),
    email: z.email({ error: 'contact.email must be a valid email address.' }).max(254),
  }),
  listingReference: z.string().trim().max(100).nullish(),
  message: z.string().trim().max(5000).nullish(),
  /** The partner's agent for this enquiry: our member with that email takes it when nothing else routes it. */
  agentEmail: z.email({ error: 'agentEmail must be a valid email address.' }).max(254).nullish(),
  channel: z.enum(PARTNER_LEAD_CHANNELS, { error: `channel must be one of ${PARTNER_LEAD_CHANNELS.join(', ')}.` }),
});
export type PartnerLead = z.infer<typeof PartnerLeadSchema>;

export const WebhookReceiptSchema = z.strictObject({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookReceipt = z.infer<typeof WebhookReceiptSchema>;

/** A partner's phone (international, or national in the UAE) as our customer's code and number; null when unreadable. */
export function splitPartnerPhone(phone: string): { phoneCode: string; phone: string; phoneNumber: string } | null {
  const parsed = parsePhoneNumberFromString(phone, 'AE');
  if (!parsed?.isValid()) return null;
  const phoneCode = `+${parsed.countryCallingCode}`;
  return { phoneCode, phone: String(parsed.nationalNumber), phoneNumber: `${phoneCode}${parsed.nationalNumber}` };
}
