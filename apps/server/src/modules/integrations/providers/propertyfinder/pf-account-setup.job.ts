import { z } from 'zod';
import { INTEGRATION_MESSAGES as M, PROPERTY_FINDER_WEBHOOK_EVENTS } from '@crm/domain';
import type { AppDeps } from '../../../../core/deps.js';
import { defineJob } from '../../../../core/jobs/job-definition.js';
import { providerJobPolicy } from '../../provider-job-policy.js';
import { accountIsComplete, accountWebhookUrl, openAccountSecrets, type AccountRow } from '../../integration-accounts.js';
import { ProviderCallError } from '../../provider-call.js';
import { PF_LABEL, pfSession, subscribeWebhook, unsubscribeWebhook, type PfSession } from './pf-client.js';
import { syncPfMembers } from './pf-members.js';
import { recordedRun } from '../../sync/sync-run.js';

// After a Property Finder account is saved (enabled and complete): its webhooks are subscribed at Property Finder
// (`POST /v1/webhooks`, each event to this account's address, signed with its webhook secret) and its users mapped to
// our members. Both are recorded as a SyncRun of the account ('webhooks,members'), shown in sync-status. Safe to
// run twice: a subscription is made again with the same address and secret, the mapping is an upsert.

export const PF_ACCOUNT_SETUP_JOB_ID = 'pf-account-setup';

type Deps = Pick<AppDeps, 'db' | 'env' | 'log' | 'clock'>;

/** Subscribes every event; answers the subscriptions made ({ event: id }). */
export async function subscribeAccountWebhooks(deps: Deps, session: PfSession): Promise<Record<string, string>> {
  const { account } = session;
  const secret = openAccountSecrets(deps, account).webhookSecret;
  if (!secret) {
    const error = M.webhookNotSubscribed(PF_LABEL, "set the account's webhook secret, which signs what Property Finder posts.");
    await deps.db.integrationAccount.updateMany({ where: { id: account.id }, data: { webhookError: error } });
    throw new ProviderCallError(error, null, false);
  }
  const made: Record<string, string> = {};
  try {
    for (const event of PROPERTY_FINDER_WEBHOOK_EVENTS)
      made[event] = await subscribeWebhook(session, event, accountWebhookUrl(deps, account), secret);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db.integrationAccount.updateMany({
      where: { id: account.id },
      data: { webhookSubscriptions: made, webhookError: M.webhookNotSubscribed(PF_LABEL, message) },
    });
    throw error;
  }
  const kept = await deps.db.integrationAccount.updateMany({
    where: { id: account.id },
    data: { webhookSubscriptions: made, webhookError: null },
  });
  // Removed while this ran: what was just made is undone, or Property Finder would post to an address that is gone.
  if (kept.count === 0) for (const event of Object.keys(made)) await unsubscribeWebhook(session, event);
  return made;
}

/** Undoes the account's subscriptions at Property Finder (before the account is removed). */
export async function unsubscribeAccountWebhooks(deps: Deps, account: AccountRow): Promise<void> {
  const events = Object.keys((account.webhookSubscriptions ?? {}) as Record<string, unknown>);
  if (!events.length || !accountIsComplete(deps, account)) return;
  const session = await pfSession(deps, account);
  for (const event of events) await unsubscribeWebhook(session, event);
}

export const pfAccountSetupJob = defineJob({
  id: PF_ACCOUNT_SETUP_JOB_ID,
  payload: z.strictObject({ accountId: z.uuid() }),
  ...providerJobPolicy('propertyfinder'),
  handle: async ({ accountId }, { deps }) => {
    const account = await deps.db.integrationAccount.findUnique({ where: { id: accountId }, include: { integration: true } });
    if (!account?.integration.enabled || !accountIsComplete(deps, account)) return { skipped: true };
    return recordedRun(deps, account, 'webhooks,members', async () => {
      const session = await pfSession(deps, account);
      const subscribed = await subscribeAccountWebhooks(deps, session);
      const members = await syncPfMembers(deps, session);
      return {
        result: { subscribed: Object.keys(subscribed).length, ...members },
        progress: { done: members.mapped, total: members.users },
      };
    });
  },
});

/** Queues the account's setup (joins one already waiting). */
export function queueAccountSetup(deps: Pick<AppDeps, 'jobs'>, accountId: string) {
  return deps.jobs.enqueue(
    pfAccountSetupJob,
    { accountId },
    { deduplication: { id: `${PF_ACCOUNT_SETUP_JOB_ID}-${accountId}`, keepLastIfActive: true } },
  );
}
