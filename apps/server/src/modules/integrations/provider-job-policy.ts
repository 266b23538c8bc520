import { providerRateLimit, SYNC_JOB_POLICY, type IntegrationProviderName } from '@crm/domain';
import type { JobDefinition } from '../../core/jobs/job-definition.js';
import { ProviderCallError } from './provider-call.js';

// One retry and rate policy for every job that calls a provider (docs/api.md 'Jobs and retries'): the provider's
// sync queue and its other jobs (a contact push, a message, an envelope) alike. SYNC_JOB_POLICY's attempts, BullMQ's
// limiter at the provider's requests a minute, and the wait below between attempts. A job spreads it into its
// definition: `defineJob({ id, payload, ...providerJobPolicy('sendgrid'), handle })`. Jobs that only write our own
// tables (a stored webhook event applied) keep their own settings: the provider's rate is not theirs to wait for.

/** The wait before the next attempt: the provider's Retry-After when it gave one, else doubling from the base, with jitter. */
export function syncBackoffMs(attemptsMade: number, error: Error | undefined, baseMs: number, random = Math.random): number {
  if (error instanceof ProviderCallError && error.retryAfterMs !== null)
    return Math.min(error.retryAfterMs, SYNC_JOB_POLICY.maxRetryAfterMs);
  const full = baseMs * 2 ** Math.max(0, attemptsMade - 1);
  return Math.round(full * (1 - SYNC_JOB_POLICY.jitter * random()));
}

export type ProviderJobPolicy = Required<Pick<JobDefinition, 'attempts' | 'limiter' | 'backoff'>>;

/** The attempts, limiter and backoff of a job calling `provider` (the base wait is INTEGRATION_SYNC_BACKOFF_MS). */
export function providerJobPolicy(provider: IntegrationProviderName): ProviderJobPolicy {
  return {
    attempts: SYNC_JOB_POLICY.attempts,
    limiter: { max: providerRateLimit(provider), durationMs: 60_000 },
    backoff: (attemptsMade, error, deps) => syncBackoffMs(attemptsMade, error, deps.env.INTEGRATION_SYNC_BACKOFF_MS),
  };
}
