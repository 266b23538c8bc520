import {
  INTEGRATION_MESSAGES as M,
  IntegrationConfigSchema,
  integrationAccountPatchSchema,
  integrationProviders,
  isMultiAccountProvider,
  MULTI_ACCOUNT_PROVIDERS,
  type IntegrationAccount,
  type IntegrationProviderName,
  type IntegrationRecord,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { validationError } from '../../core/error-envelope.js';
import {
  accountConfig,
  accountIsComplete,
  accountWebhookUrl,
  assertMultiAccount,
  listAccounts,
  openAccountSecrets,
  saveAccount,
  subscribedEvents,
  summedError,
  summedStatus,
  toAccountAnswer,
  type AccountRow,
} from './integration-accounts.js';
import { findIntegration, statusOf, storedConfig, toIntegrationRecord, type IntegrationRow } from './integration-record.js';
import { assertAssetOf, logIntegrationChange } from './integration.service.js';
import type { ProviderAccounts } from './provider-module.js';
import { providerModule } from './providers/provider-registry.js';
import { scheduleSync } from './sync/sync-queue.js';
import { lockRows } from '../../resources/unit-of-work.js';

// The settings calls of a provider an asset connects several times (docs/api.md 'Property Finder accounts'):
// `PATCH {name}` saves the switch and one account, `multi-apps/{x}` lists the accounts, `DELETE
// propertyfinder/{accountId}` removes one (its webhooks unsubscribed at the provider, its jobs cancelled, its runs,
// events and listing links gone). Each save or removal leaves the integration's activity row (never a secret's
// value: the names of those changed), in its transaction.

type Deps = Pick<AppDeps, 'db' | 'env' | 'jobs' | 'log' | 'clock'>;

/** The provider's per-account work (its declaration's `accounts`): every multi-account provider brings it. */
function accountWork(provider: IntegrationProviderName): ProviderAccounts {
  const work = providerModule(provider).accounts;
  if (!work) throw new Error(`${provider} declares no account work`);
  return work;
}

/** The integration as `GET {name}` answers it: its first account's config, masked secrets and webhook address. */
export function multiAccountRecord(
  deps: Pick<AppDeps, 'env'>,
  assetId: string,
  provider: IntegrationProviderName,
  row: IntegrationRow | null,
  accounts: readonly AccountRow[],
): IntegrationRecord {
  const first = accounts[0];
  return toIntegrationRecord(
    deps,
    assetId,
    provider,
    row,
    first ? { config: accountConfig(first), secrets: openAccountSecrets(deps, first), webhookUrl: accountWebhookUrl(deps, first) } : null,
  );
}

/** The accounts of the asset's multi-account integrations, by integration id (one query for a whole list). */
export async function accountsByIntegration(deps: Pick<AppDeps, 'db'>, assetId: string): Promise<Map<string, AccountRow[]>> {
  const rows = await deps.db.integrationAccount.findMany({
    where: { assetId, provider: { in: [...MULTI_ACCOUNT_PROVIDERS] } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const byIntegration = new Map<string, AccountRow[]>();
  for (const row of rows) byIntegration.set(row.integrationId, [...(byIntegration.get(row.integrationId) ?? []), row]);
  return byIntegration;
}

/** What the activity log keeps of the integration and its accounts: never a secret. */
const settingsOf = (row: IntegrationRow, accounts: readonly AccountRow[]) => ({
  enabled: row.enabled,
  status: row.status,
  accounts: accounts.map((account) => ({ id: account.id, label: account.label, status: account.status, config: account.config ?? null })),
});

/**
 * After a save: each account's poll follows the switch, the scheduled sync too, and changed or newly switched-on
 * accounts are set up again.
 */
async function afterSave(deps: Deps, row: IntegrationRow, accounts: AccountRow[], setUp: AccountRow[]) {
  const work = accountWork(row.name as IntegrationProviderName);
  for (const account of accounts) await work.schedule(deps, account, row.enabled);
  await scheduleSync(deps, row);
  if (!row.enabled) return;
  for (const account of setUp) {
    if (!accountIsComplete(deps, account)) continue;
    try {
      await work.setUp(deps, account.id);
    } catch (error) {
      // Saved: the next save (or PATCH synchronization with runNow) sets it up.
      deps.log.warn({ accountId: account.id, err: error instanceof Error ? error.message : String(error) }, 'account setup not queued');
    }
  }
}

/**
 * `PATCH {name}` of a multi-account provider: `enabled` is the integration's; `config`/`secrets` save the account
 * `account` names (an id; 'new' adds one; omitted: the first, made when there is none). A bad body answers 400 and
 * stores nothing; another asset's account is 404.
 */
export async function updateMultiAccount(
  deps: Deps,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
  body: object,
): Promise<IntegrationRecord> {
  const parsed = integrationAccountPatchSchema(provider).safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const input = parsed.data;
  const touchesAccount = input.account !== undefined || input.config !== undefined || input.secrets !== undefined;
  const by = actor.apiKeyId ? null : actor.userId;
  const { row, accounts, saved, wasEnabled } = await deps.db.$transaction(async (tx) => {
    const existing = await tx.integrationConfig.upsert({
      where: { assetId_name: { assetId, name: provider } },
      create: { assetId, name: provider, creatorId: by },
      update: {},
    });
    // Two saves at once must not lose each other's accounts or secrets: the second waits for the first.
    await lockRows(tx, 'IntegrationConfig', [existing.id]);
    const current = await tx.integrationConfig.findUniqueOrThrow({ where: { id: existing.id } });
    const before = settingsOf(current, await listAccounts(tx, current.id));
    const change = touchesAccount
      ? await saveAccount(deps, tx, actor, current, {
          account: input.account,
          config: input.config === undefined ? undefined : IntegrationConfigSchema.parse(input.config),
          secrets: Object.fromEntries(
            Object.entries(input.secrets ?? {}).map(([key, value]) => [key, value === undefined || value === null ? value : String(value)]),
          ),
        })
      : null;
    const all = await listAccounts(tx, current.id);
    const updated = await tx.integrationConfig.update({
      where: { id: current.id },
      data: { enabled: input.enabled ?? current.enabled, status: summedStatus(all), lastError: summedError(all), updatedById: by },
    });
    const after = {
      ...settingsOf(updated, all),
      ...(change ? { account: change.account.id } : {}),
      ...(change?.secretsChanged.length ? { secretsChanged: change.secretsChanged } : {}),
    };
    await logIntegrationChange(tx, actor, updated, { action: 'update', before, after }, deps.clock.now());
    return { row: updated, accounts: all, saved: change, wasEnabled: current.enabled };
  });
  if (saved?.changed) accountWork(provider).forget(saved.account.id);
  const setUp = !wasEnabled ? accounts : saved?.changed ? [saved.account] : [];
  await afterSave(deps, row, accounts, setUp);
  return multiAccountRecord(deps, assetId, provider, row, accounts);
}

/** `GET multi-apps/{x}`: the accounts of a multi-account provider; any other provider's one configured setup. */
export async function integrationAccounts(
  deps: Pick<AppDeps, 'db' | 'env'>,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
): Promise<IntegrationAccount[]> {
  assertAssetOf(actor, assetId);
  const row = await findIntegration(deps, assetId, provider);
  if (!row) return [];
  if (isMultiAccountProvider(provider)) return (await listAccounts(deps.db, row.id)).map((account) => toAccountAnswer(deps, row, account));
  if (statusOf(row) === 'not_configured') return [];
  const record = toIntegrationRecord(deps, assetId, provider, row);
  const config = storedConfig(row);
  const label =
    typeof config.label === 'string'
      ? config.label
      : typeof config.partnerName === 'string'
        ? config.partnerName
        : integrationProviders[provider].label;
  return [
    {
      _id: row.id,
      label,
      enabled: row.enabled,
      status: record.status,
      config: record.config,
      secrets: record.secrets,
      webhookUrl: record.webhookUrl,
      webhookEvents: [],
      webhookError: null,
      lastTestedAt: record.lastTestedAt,
      lastError: record.lastError,
      createdAt: row.createdAt.toISOString(),
    },
  ];
}

/** The account's queued work that has not started: its setup and its polls (their runs go with the account). */
async function cancelAccountJobs(deps: Pick<AppDeps, 'jobs' | 'env' | 'log'>, work: ProviderAccounts, accountId: string) {
  await work.schedule(deps, null, false, accountId);
  for (const name of work.jobIds) {
    try {
      const queue = deps.jobs.queue(name);
      const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized'], 0, 999);
      const data = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
      for (const job of jobs) {
        const payload = data(job.data);
        if (payload.accountId === accountId || payload.integrationId === accountId) await job.remove().catch(() => undefined);
      }
    } catch (error) {
      // A job left behind finds no account and ends.
      deps.log.warn({ accountId, queue: name, err: error instanceof Error ? error.message : String(error) }, 'account jobs not cancelled');
    }
  }
}

/**
 * `DELETE propertyfinder/{accountId}`: unsubscribes the account's webhooks at the provider (a provider that cannot
 * be reached is logged; its calls to the removed address then 404), cancels its queued jobs, and removes it with
 * its runs, received events and listing links. The last account takes the integration with it (answered as never
 * set). 404 for an account that is not this asset's.
 */
export async function removeIntegrationAccount(
  deps: Deps,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
  accountId: string,
): Promise<IntegrationRecord> {
  assertAssetOf(actor, assetId);
  assertMultiAccount(provider);
  const account = await deps.db.integrationAccount.findFirst({ where: { id: accountId, assetId, provider } });
  if (!account) throw AppError.notFound(M.accountNotFound);
  const work = accountWork(provider);
  if (subscribedEvents(account).length) {
    try {
      await work.unsubscribe(deps, account);
    } catch (error) {
      deps.log.warn({ accountId, err: error instanceof Error ? error.message : String(error) }, 'webhooks not unsubscribed');
    }
  }
  await cancelAccountJobs(deps, work, accountId);
  const result = await deps.db.$transaction(async (tx) => {
    await lockRows(tx, 'IntegrationConfig', [account.integrationId]);
    const current = await tx.integrationConfig.findUniqueOrThrow({ where: { id: account.integrationId } });
    const before = settingsOf(current, await listAccounts(tx, current.id));
    // Its listing links and member mapping go with it (the integration's own go with the integration).
    await tx.externalRef.deleteMany({ where: { accountId: account.id } });
    await tx.integrationAccount.delete({ where: { id: account.id } });
    const left = await listAccounts(tx, account.integrationId);
    if (!left.length) {
      await tx.integrationConfig.delete({ where: { id: account.integrationId } });
      await logIntegrationChange(tx, actor, current, { action: 'delete', before }, deps.clock.now());
      return { row: { ...current, enabled: false }, left: null };
    }
    const row = await tx.integrationConfig.update({
      where: { id: account.integrationId },
      data: { status: summedStatus(left), lastError: summedError(left), updatedById: actor.apiKeyId ? null : actor.userId },
    });
    const after = { ...settingsOf(row, left), removedAccount: account.id };
    await logIntegrationChange(tx, actor, row, { action: 'update', before, after }, deps.clock.now());
    return { row, left };
  });
  work.forget(accountId);
  // The last account gone: the integration's scheduled sync stops with it.
  await scheduleSync(deps, result.row);
  return result.left
    ? multiAccountRecord(deps, assetId, provider, result.row, result.left)
    : toIntegrationRecord(deps, assetId, provider, null);
}
