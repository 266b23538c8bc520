import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import {
  INTEGRATION_MESSAGES as M,
  inboundFromPropertyFinder,
  integrationProviders,
  POLL_FAILURES_BEFORE_ERROR,
  PROPERTY_FINDER_POLL_MINUTES,
  PropertyFinderLeadSchema,
  PropertyFinderLeadsPageSchema,
} from '@crm/domain';
import type { AppDeps } from '../../core/deps.js';
import { defineJob } from '../../core/jobs/job-definition.js';
import { providerBaseUrl } from './integration-endpoints.js';
import { pruneIntegrationLogs } from './integration-log.js';
import { isComplete, openSecrets, statusOf, storedConfig, type IntegrationRow } from './integration-record.js';
import { storeInboundLead } from './partner-webhook.service.js';
import { callProvider, ProviderCallError } from './provider-call.js';

// Property Finder's safety poll (docs/api.md 'Portal lead intake'): a repeatable job per configured account reads
// `GET /v1/leads` from where the last poll stopped (the cursor: the newest lead's createdAt) and stores each lead
// like a webhook delivery (event `lead:{id}`), so the same lead polled again, or also pushed, stays one lead.
// A failing poll is retried with backoff; POLL_FAILURES_BEFORE_ERROR failures in a row put the integration in
// error (sync-status and the integrations screen show it). Each account has its own job: one failing blocks no other.

export const PORTAL_POLL_JOB_ID = 'portal-lead-poll';
const PER_PAGE = 50;
const MAX_PAGES = 20;
/** A first poll looks back this far. */
const FIRST_POLL_LOOKBACK_MS = 24 * 60 * 60 * 1000;
const LABEL = integrationProviders.propertyfinder.label;

const schedulerId = (integrationId: string) => `${PORTAL_POLL_JOB_ID}:${integrationId}`;

async function fetchLeads(deps: AppDeps, row: IntegrationRow, baseUrl: string, since: string) {
  const secrets = openSecrets(deps, row);
  const token = await callProvider(deps, row, LABEL, baseUrl, {
    method: 'POST',
    path: '/v1/auth/token',
    json: { apiKey: secrets.apiKey, apiSecret: secrets.apiSecret },
  });
  const accessToken = (token.json as { accessToken?: unknown } | null)?.accessToken;
  if (typeof accessToken !== 'string') throw new ProviderCallError(`${LABEL} gave no access token.`, token.status, false);
  const items: unknown[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const query = new URLSearchParams({ createdAtFrom: since, page: String(page), perPage: String(PER_PAGE) });
    const answer = await callProvider(deps, row, LABEL, baseUrl, {
      method: 'GET',
      path: `/v1/leads?${query}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const parsed = PropertyFinderLeadsPageSchema.safeParse(answer.json);
    if (!parsed.success) throw new ProviderCallError(`${LABEL} answered leads in an unknown shape.`, answer.status, false);
    items.push(...parsed.data.data);
    if (page >= parsed.data.pagination.totalPages) break;
  }
  return items;
}

/**
 * Reads the leads created since the account's cursor and stores each like a webhook delivery; moves the cursor.
 * Throws ProviderCallError when Property Finder fails (the caller records the failure). Answers what it read.
 */
export async function pullPropertyFinderLeads(
  deps: AppDeps,
  row: IntegrationRow,
  baseUrl: string,
): Promise<{ read: number; stored: number }> {
  const since = row.pollCursor ?? new Date(deps.clock.now().getTime() - FIRST_POLL_LOOKBACK_MS).toISOString();
  const items = await fetchLeads(deps, row, baseUrl, since);
  let stored = 0;
  let cursor = since;
  for (const item of items) {
    const lead = PropertyFinderLeadSchema.safeParse(item);
    if (!lead.success) continue;
    if (await storeInboundLead(deps, row, `lead:${lead.data.id}`, inboundFromPropertyFinder(lead.data))) stored += 1;
    if (Date.parse(lead.data.createdAt) > Date.parse(cursor)) cursor = new Date(lead.data.createdAt).toISOString();
  }
  await deps.db.integrationConfig.update({ where: { id: row.id }, data: { pollCursor: cursor } });
  return { read: items.length, stored };
}

/** One poll of one account, recorded as a SyncRun (kind 'leads'); answers how many leads it stored. */
export async function pollPropertyFinderLeads(deps: AppDeps, integrationId: string, syncRunId?: string): Promise<{ stored: number }> {
  const row = await deps.db.integrationConfig.findUnique({ where: { id: integrationId } });
  if (row?.name !== 'propertyfinder' || !row.enabled || statusOf(row) === 'not_configured') return { stored: 0 };
  const baseUrl = providerBaseUrl(deps.env, 'propertyfinder', storedConfig(row));
  if (!baseUrl) return { stored: 0 };
  const now = deps.clock.now();
  const run = syncRunId
    ? await deps.db.syncRun.update({ where: { id: syncRunId }, data: { status: 'running', startedAt: now } })
    : await deps.db.syncRun.create({
        data: { assetId: row.assetId, integrationId: row.id, provider: row.name, kind: 'leads', status: 'running', startedAt: now },
      });
  try {
    const { read, stored } = await pullPropertyFinderLeads(deps, row, baseUrl);
    await deps.db.integrationConfig.update({
      where: { id: row.id },
      data: { pollFailures: 0, ...(row.status === 'error' ? { status: 'connected', lastError: null } : {}) },
    });
    await deps.db.syncRun.update({
      where: { id: run.id },
      data: { status: 'completed', progressDone: read, progressTotal: read, finishedAt: deps.clock.now(), error: null },
    });
    return { stored };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db.syncRun.update({ where: { id: run.id }, data: { status: 'failed', error: message, finishedAt: deps.clock.now() } });
    const failed = await deps.db.integrationConfig.update({
      where: { id: row.id },
      data: { pollFailures: { increment: 1 } },
      select: { pollFailures: true },
    });
    if (failed.pollFailures >= POLL_FAILURES_BEFORE_ERROR) {
      await deps.db.integrationConfig.update({
        where: { id: row.id },
        data: { status: 'error', lastError: M.pollFailing(LABEL, failed.pollFailures, message) },
      });
    }
    if (error instanceof ProviderCallError && !error.retryable) throw new UnrecoverableError(message);
    throw error;
  }
}

export const portalPollJob = defineJob({
  id: PORTAL_POLL_JOB_ID,
  payload: z.looseObject({ integrationId: z.uuid() }),
  concurrency: 4,
  attempts: 5,
  backoffMs: 30_000,
  handle: async ({ integrationId }, { deps }) => pollPropertyFinderLeads(deps, integrationId),
});

/** Keeps an account's repeatable poll in step with its row: scheduled while enabled and complete, else removed. */
export async function schedulePropertyFinderPoll(deps: Pick<AppDeps, 'jobs' | 'env' | 'log'>, row: IntegrationRow | null, id?: string) {
  const integrationId = row?.id ?? id;
  if (!integrationId) return;
  const queue = deps.jobs.queue(PORTAL_POLL_JOB_ID);
  try {
    const active = row?.name === 'propertyfinder' && row.enabled && isComplete('propertyfinder', storedConfig(row), openSecrets(deps, row));
    if (!active) {
      await queue.removeJobScheduler(schedulerId(integrationId));
      return;
    }
    const every = PROPERTY_FINDER_POLL_MINUTES * 60_000;
    // The first poll one interval from now: the webhook brings leads at once, the poll is the safety net.
    await queue.upsertJobScheduler(
      schedulerId(integrationId),
      { every, startDate: Date.now() + every },
      { name: PORTAL_POLL_JOB_ID, data: { integrationId } },
    );
  } catch (error) {
    // Redis down: the next save, or the next worker start, registers it.
    deps.log.warn({ integrationId, err: error instanceof Error ? error.message : String(error) }, 'lead poll schedule not updated');
  }
}

export const INTEGRATION_LOG_PRUNE_JOB_ID = 'integration-log-prune';

/** Daily: the integration log keeps INTEGRATION_LOG_RETENTION_DAYS. */
export const integrationLogPruneJob = defineJob({
  id: INTEGRATION_LOG_PRUNE_JOB_ID,
  payload: z.looseObject({}),
  handle: async (_payload, { deps }) => ({ deleted: await pruneIntegrationLogs(deps) }),
});

/**
 * In a worker process: every enabled Property Finder account's poll and the daily log prune (idempotent upserts;
 * Redis may have lost them).
 */
export async function startPropertyFinderPolls(deps: AppDeps): Promise<() => void> {
  const rows = await deps.db.integrationConfig.findMany({ where: { name: 'propertyfinder', enabled: true } });
  for (const row of rows) await schedulePropertyFinderPoll(deps, row);
  await deps.jobs
    .queue(INTEGRATION_LOG_PRUNE_JOB_ID)
    .upsertJobScheduler(INTEGRATION_LOG_PRUNE_JOB_ID, { every: 24 * 60 * 60_000 }, { name: INTEGRATION_LOG_PRUNE_JOB_ID, data: {} })
    .catch((error: unknown) => deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'log prune not scheduled'));
  return () => undefined;
}
