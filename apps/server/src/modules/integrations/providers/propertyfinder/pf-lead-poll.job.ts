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
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { accountIsComplete, sumUpAccounts, type AccountRow } from '../../integration-accounts.js';
import { providerBaseUrl } from '../../integration-endpoints.js';
import { storeInboundLead } from '../../partner-webhook.service.js';
import { ProviderCallError } from '../../provider-call.js';
import { pfSession, type PfSession } from './pf-client.js';
import type { SyncWork } from '../../sync/sync-work.js';
import { recordedRun } from '../../sync/sync-run.js';

// Property Finder's safety poll (docs/api.md 'Portal lead intake'): a repeatable job per complete account reads
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

const schedulerId = (accountId: string) => `${PORTAL_POLL_JOB_ID}:${accountId}`;

async function fetchLeads(session: PfSession, since: string) {
  const items: unknown[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const query = new URLSearchParams({ createdAtFrom: since, page: String(page), perPage: String(PER_PAGE) });
    const answer = await session.call({ method: 'GET', path: `/v1/leads?${query}` });
    const parsed = PropertyFinderLeadsPageSchema.safeParse(answer.json);
    if (!parsed.success) throw new ProviderCallError(`${LABEL} answered leads in an unknown shape.`, answer.status, false);
    items.push(...parsed.data.data);
    if (page >= parsed.data.pagination.totalPages) break;
  }
  return items;
}

type PollDeps = Pick<AppDeps, 'db' | 'env' | 'log' | 'clock' | 'jobs'>;

/**
 * One poll of one account: its new leads stored (each as event `lead:{id}`), its cursor moved on. A failure counts
 * against the account: POLL_FAILURES_BEFORE_ERROR in a row put it (and so its integration) in error; the next good
 * poll clears that. Answers how many leads it read and stored. `work`: the sync run it is part of (its paced calls).
 */
export async function pollAccountLeads(deps: PollDeps, account: AccountRow, work?: SyncWork): Promise<{ read: number; stored: number }> {
  const since = account.pollCursor ?? new Date(deps.clock.now().getTime() - FIRST_POLL_LOOKBACK_MS).toISOString();
  try {
    const items = await fetchLeads(await pfSession(deps, account, work), since);
    let stored = 0;
    let cursor = since;
    for (const item of items) {
      const lead = PropertyFinderLeadSchema.safeParse(item);
      if (!lead.success) continue;
      const target = { id: account.integrationId, assetId: account.assetId, name: account.provider, accountId: account.id };
      if (await storeInboundLead(deps, target, `lead:${lead.data.id}`, inboundFromPropertyFinder(lead.data))) stored += 1;
      if (Date.parse(lead.data.createdAt) > Date.parse(cursor)) cursor = new Date(lead.data.createdAt).toISOString();
    }
    await deps.db.integrationAccount.update({
      where: { id: account.id },
      data: { pollCursor: cursor, pollFailures: 0, ...(account.status === 'error' ? { status: 'connected', lastError: null } : {}) },
    });
    if (account.status === 'error') await sumUpAccounts(deps.db, account.integrationId);
    return { read: items.length, stored };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failed = await deps.db.integrationAccount.update({
      where: { id: account.id },
      data: { pollFailures: { increment: 1 } },
      select: { pollFailures: true },
    });
    if (failed.pollFailures >= POLL_FAILURES_BEFORE_ERROR) {
      await deps.db.integrationAccount.update({
        where: { id: account.id },
        data: { status: 'error', lastError: M.pollFailing(LABEL, failed.pollFailures, message) },
      });
      await sumUpAccounts(deps.db, account.integrationId);
    }
    throw error;
  }
}

/** The account when its leads may be polled: its integration switched on, its config and secrets complete. */
async function pollableAccount(deps: PollDeps, accountId: string): Promise<AccountRow | null> {
  const account = await deps.db.integrationAccount.findUnique({ where: { id: accountId }, include: { integration: true } });
  if (account?.provider !== 'propertyfinder' || !account.integration.enabled || !accountIsComplete(deps, account)) return null;
  if (!providerBaseUrl(deps.env, 'propertyfinder', {})) return null;
  return account;
}

/** One scheduled poll of one account, recorded as a SyncRun (kind 'leads'); answers how many leads it stored. */
export async function pollPropertyFinderLeads(deps: PollDeps, accountId: string): Promise<{ stored: number }> {
  const account = await pollableAccount(deps, accountId);
  if (!account) return { stored: 0 };
  return recordedRun(deps, account, 'leads', async () => {
    const { read, stored } = await pollAccountLeads(deps, account);
    return { result: { stored }, progress: { done: read, total: read } };
  });
}

export const portalPollJob = defineJob({
  id: PORTAL_POLL_JOB_ID,
  // `integrationId` is the id polls were scheduled with before accounts: an integration's first account has its id.
  payload: z.looseObject({ accountId: z.uuid().optional(), integrationId: z.uuid().optional() }),
  concurrency: 4,
  ...providerJobPolicy('propertyfinder'),
  handle: async ({ accountId, integrationId }, { deps }) => {
    const id = accountId ?? integrationId;
    return id ? pollPropertyFinderLeads(deps, id) : { stored: 0 };
  },
});

/** Keeps an account's repeatable poll in step with it: scheduled while its integration is on and it is complete. */
export async function schedulePropertyFinderPoll(
  deps: Pick<AppDeps, 'jobs' | 'env' | 'log'>,
  account: AccountRow | null,
  active: boolean,
  id?: string,
) {
  const accountId = account?.id ?? id;
  if (!accountId) return;
  const queue = deps.jobs.queue(PORTAL_POLL_JOB_ID);
  try {
    if (!account || !active || !accountIsComplete(deps, account)) {
      await queue.removeJobScheduler(schedulerId(accountId));
      return;
    }
    const every = PROPERTY_FINDER_POLL_MINUTES * 60_000;
    // The first poll one interval from now: the webhook brings leads at once, the poll is the safety net.
    await queue.upsertJobScheduler(
      schedulerId(accountId),
      { every, startDate: Date.now() + every },
      { name: PORTAL_POLL_JOB_ID, data: { accountId } },
    );
  } catch (error) {
    // Redis down: the next save, or the next worker start, registers it.
    deps.log.warn({ accountId, err: error instanceof Error ? error.message : String(error) }, 'lead poll schedule not updated');
  }
}

/** In a worker process: every enabled Property Finder account's poll (idempotent upserts; Redis may have lost them). */
export async function startPropertyFinderPolls(deps: AppDeps): Promise<() => void> {
  const accounts = await deps.db.integrationAccount.findMany({ where: { provider: 'propertyfinder', integration: { enabled: true } } });
  for (const account of accounts) await schedulePropertyFinderPoll(deps, account, true);
  return () => undefined;
}
