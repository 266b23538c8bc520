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
 * Requests a minute each provider's queue may make. Property Finder documents 650; the others publish no per-minute
 * figure we could cite (Salesforce counts API calls per 24 h), so they get a safe default well under any plan's.
 */
export const PROVIDER_RATE_LIMITS: Partial<Record<IntegrationProviderName, number>> = {
  propertyfinder: 650,
  salesforce: 100,
  goyzer: 60,
  engage: 120,
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
