import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_PROVIDER_RATE_LIMIT, providerRateLimit, SYNC_JOB_POLICY, type IntegrationProviderName } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import type { AppDeps } from '../../core/deps.js';
import { defineJob, type JobDefinition } from '../../core/jobs/job-definition.js';
import { ProviderCallError } from './provider-call.js';
import { providerJobPolicy, syncBackoffMs } from './provider-job-policy.js';
import { providerSyncJobs } from './sync/provider-sync.job.js';

// The one retry and rate policy of provider jobs: its figures per provider, its wait (Retry-After, doubling, jitter),
// every job that calls a provider carrying it (found by reading the job files, so a new job cannot miss it), and a
// job under it retried by a real BullMQ worker after the provider's Retry-After rather than the 30 s base.

const here = dirname(fileURLToPath(import.meta.url));

/** The provider each job calls, by queue name. */
const PROVIDER_OF_JOB: Record<string, IntegrationProviderName> = {
  'activecampaign-contact': 'activecampaign',
  'amplitude-flush': 'amplitude',
  'docusign-envelope': 'docusign',
  'firebase-push': 'firebase',
  'calendar-sync': 'googlecalendar',
  'intercom-contact-push': 'intercom',
  'pf-account-setup': 'propertyfinder',
  'sendgrid-contact': 'sendgrid',
  'trustpilot-invitation': 'trustpilot',
  'whatsapp-trigger': 'whatsapp',
  'whatsapp-feedback': 'whatsapp',
  'zapier-deliver': 'zapier',
  'portal-lead-poll': 'propertyfinder',
  'dncr-check': 'dncr',
};
/** Jobs that only apply what is already stored (a webhook event, a snapshot, the log): no provider call, no policy. */
const OWN_DB_ONLY = new Set([
  'docusign-connect',
  'sendgrid-event',
  'whatsapp-event',
  'partner-lead',
  'feed-snapshot',
  'integration-log-prune',
]);

const isJobDefinition = (value: unknown): value is JobDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as JobDefinition).id === 'string' &&
  typeof (value as JobDefinition).handle === 'function';

/** Every job definition exported by the integrations' job files (`*.job.ts` here and under providers/). */
async function integrationJobs(): Promise<JobDefinition[]> {
  const files = [
    ...readdirSync(here).filter((name) => name.endsWith('.job.ts')),
    ...readdirSync(join(here, 'providers'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((dir) =>
        readdirSync(join(here, 'providers', dir.name))
          .filter((name) => name.endsWith('.job.ts'))
          .map((name) => join('providers', dir.name, name)),
      ),
  ];
  const modules = await Promise.all(files.map((file) => import(pathToFileURL(join(here, file)).href) as Promise<Record<string, unknown>>));
  return modules.flatMap((exports) => Object.values(exports).filter(isJobDefinition));
}

const depsWithBase = (ms: number) => ({ env: { INTEGRATION_SYNC_BACKOFF_MS: ms } }) as unknown as AppDeps;

describe('providerJobPolicy', () => {
  it("limits each provider's queue to its own rate a minute, with the shared attempts", () => {
    for (const [provider, max] of [
      ['propertyfinder', 650],
      ['salesforce', 100],
      ['goyzer', 60],
      ['sendgrid', 500],
      ['firebase', 3_000],
      ['trustpilot', DEFAULT_PROVIDER_RATE_LIMIT],
    ] as const) {
      const policy = providerJobPolicy(provider);
      expect(policy.limiter).toEqual({ max, durationMs: 60_000 });
      expect(policy.attempts).toBe(SYNC_JOB_POLICY.attempts);
    }
  });

  it("waits a ProviderCallError's Retry-After (cut to the maximum), whatever the attempt", () => {
    const { backoff } = providerJobPolicy('sendgrid');
    const deps = depsWithBase(30_000);
    expect(backoff(1, new ProviderCallError('429', 429, true, 1_234), deps)).toBe(1_234);
    expect(backoff(4, new ProviderCallError('503', 503, true, 0), deps)).toBe(0);
    expect(backoff(2, new ProviderCallError('429', 429, true, 24 * 3_600_000), deps)).toBe(SYNC_JOB_POLICY.maxRetryAfterMs);
  });

  it('else doubles from INTEGRATION_SYNC_BACKOFF_MS, cut by at most the jitter share', () => {
    const { backoff } = providerJobPolicy('intercom');
    const deps = depsWithBase(1_000);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const full = 1_000 * 2 ** (attempt - 1);
      for (let i = 0; i < 50; i += 1) {
        const wait = backoff(attempt, new ProviderCallError('500', 500, true), deps);
        expect(wait).toBeLessThanOrEqual(full);
        expect(wait).toBeGreaterThanOrEqual(full * (1 - SYNC_JOB_POLICY.jitter));
      }
    }
    // The bounds themselves: no jitter drawn, and the most.
    expect(syncBackoffMs(3, new Error('no answer'), 1_000, () => 0)).toBe(4_000);
    expect(syncBackoffMs(3, new Error('no answer'), 1_000, () => 1)).toBe(4_000 * (1 - SYNC_JOB_POLICY.jitter));
    // A Retry-After-less 429 doubles like any other failure.
    expect(syncBackoffMs(2, new ProviderCallError('429', 429, true, null), 1_000, () => 0)).toBe(2_000);
  });

  it('is carried by every job that calls a provider, the sync queues included', async () => {
    const jobs = await integrationJobs();
    const ids = jobs.map((job) => job.id);
    // Every job is known to be a provider's or to touch only our tables: a new job has to say which.
    expect(ids.filter((id) => !(id in PROVIDER_OF_JOB) && !OWN_DB_ONLY.has(id))).toEqual([]);
    expect(Object.keys(PROVIDER_OF_JOB).filter((id) => !ids.includes(id))).toEqual([]);
    const withSync = [
      ...jobs.filter((job) => job.id in PROVIDER_OF_JOB).map((job) => [job, PROVIDER_OF_JOB[job.id]] as const),
      ...Object.entries(providerSyncJobs()).map(([provider, job]) => [job, provider as IntegrationProviderName] as const),
    ];
    for (const [job, provider] of withSync) {
      expect({ id: job.id, attempts: job.attempts, limiter: job.limiter, backoffMs: job.backoffMs }).toEqual({
        id: job.id,
        attempts: SYNC_JOB_POLICY.attempts,
        limiter: { max: providerRateLimit(provider as IntegrationProviderName), durationMs: 60_000 },
        backoffMs: undefined,
      });
      expect(typeof job.backoff, job.id).toBe('function');
      expect(job.backoff?.(1, new ProviderCallError('429', 429, true, 777), depsWithBase(30_000)), job.id).toBe(777);
    }
  });
});

describe('a provider job on a real worker', () => {
  let ctx: TestContext;
  const starts: number[] = [];
  const flakyJob = defineJob({
    id: 'test-provider-policy',
    payload: z.strictObject({}),
    ...providerJobPolicy('sendgrid'),
    handle: async () => {
      starts.push(Date.now());
      if (starts.length === 1) throw new ProviderCallError('SendGrid answered HTTP 429.', 429, true, 200);
      return { ok: true };
    },
  });

  // The base wait stays at its 30 s default: only the provider's Retry-After can bring the retry this soon.
  beforeAll(async () => {
    ctx = await createTestApp({ envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => ctx?.close());

  it("is retried after the provider's Retry-After", async () => {
    const worker = ctx.app.deps.jobs.register(flakyJob);
    const done = new Promise<number>((resolve) => worker?.on('completed', (job) => resolve(job.attemptsMade)));
    await ctx.app.deps.jobs.enqueue(flakyJob, {});
    expect(await done).toBe(2);
    const [first = 0, second = 0] = starts;
    expect(second - first).toBeGreaterThanOrEqual(180);
    expect(second - first).toBeLessThan(10_000);
  });
});
