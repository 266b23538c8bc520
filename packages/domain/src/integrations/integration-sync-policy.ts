import type { IntegrationProviderName } from './integration-providers.js';

// How work for a provider runs (docs/api.md 'Integrations', 'Jobs and retries'): one BullMQ queue per provider,
// limited to the provider's rate, 5 attempts with exponential backoff from 30 s and jitter; 408, 429 (after its
// Retry-After) and 5xx are retried, other 4xx are not.

export const SYNC_JOB_POLICY = {
  attempts: 5,
  /** The first retry's wait; each next one doubles. Tests inject a short one (INTEGRATION_SYNC_BACKOFF_MS). */
  backoffMs: 30_000,
  /** Up to this share of each wait is random, so many failed runs do not all come back at once. */
  jitter: 0.5,
  /** A Retry-After longer than this is cut to it (the run is retried, never parked for days). */
  maxRetryAfterMs: 15 * 60_000,
} as const;

/** Consecutive failed runs (or polls) after which the integration shows status `error` with lastError. */
export const SYNC_FAILURES_BEFORE_ERROR = 3;

/**
 * Jobs a minute each provider's queue may start (a job makes one call, or a few). Where the provider publishes a
 * limit we stay well under it: Property Finder 650 a minute; ActiveCampaign 5 a second per account; DocuSign 3,000
 * calls an hour per account; Google Calendar 600 queries a minute per user; Intercom 10,000 calls a minute per app;
 * SendGrid's v3 API 600 a minute; WhatsApp Cloud 80 messages a second; FCM 600,000 a minute per project; Zapier's
 * hooks 20,000 per 5 minutes. Salesforce counts API calls per 24 h and Goyzer and Engage publish none: a safe figure.
 * Staff notifications and a busy office's lead triggers must not wait behind a 60-a-minute default.
 */
export const PROVIDER_RATE_LIMITS: Partial<Record<IntegrationProviderName, number>> = {
  propertyfinder: 650,
  salesforce: 100,
  goyzer: 60,
  engage: 120,
  activecampaign: 240,
  docusign: 40,
  googlecalendar: 300,
  intercom: 1_000,
  sendgrid: 500,
  whatsapp: 1_000,
  firebase: 3_000,
  zapier: 1_000,
};
export const DEFAULT_PROVIDER_RATE_LIMIT = 60;

export const providerRateLimit = (provider: IntegrationProviderName) => PROVIDER_RATE_LIMITS[provider] ?? DEFAULT_PROVIDER_RATE_LIMIT;

/** The CRM an asset's leads (and members, listings) sync with: a lead setting (docs/leads.md 'Lead settings'). */
export const PRIMARY_CRMS = ['none', 'goyzer', 'salesforce', 'engage'] as const;
export type PrimaryCrm = (typeof PRIMARY_CRMS)[number];
export type CrmProviderName = Exclude<PrimaryCrm, 'none'>;
export const isCrmProvider = (name: string): name is CrmProviderName => name === 'goyzer' || name === 'salesforce' || name === 'engage';
/** The CRMs members and offices come from. */
export const MEMBER_CRMS = ['goyzer', 'engage'] as const;
