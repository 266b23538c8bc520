import {
  INTEGRATION_MESSAGES as M,
  INTEGRATION_STATUSES,
  integrationProviders,
  isMultiAccountProvider,
  maskSecret,
  NEW_ACCOUNT,
  type IntegrationAccount,
  type IntegrationConfig,
  type IntegrationProviderName,
  type IntegrationStatus,
  type MaskedSecret,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import { secretBox, type SecretValues } from '../../core/secret-box.js';
import type { DbTx } from '../../db/prisma.js';
import type { IntegrationAccount as AccountRow } from '../../generated/prisma/client.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import { isComplete, secretsBinding, storedConfig, type IntegrationRow } from './integration-record.js';

// The accounts of a provider an asset connects several times (Property Finder; docs/api.md 'Property Finder
// accounts'): each has the provider's config and its own sealed secrets. The integration row above them keeps the
// switch, the schedule and a status summing its accounts up. An integration's first account takes the
// integration's own id, so the webhook address and the secrets sealed before accounts existed stay valid.

export type { AccountRow };

/** What binds an account's sealed secrets: the integration's binding for its first account, the account's otherwise. */
export const accountBinding = (account: Pick<AccountRow, 'id' | 'integrationId' | 'assetId' | 'provider'>) =>
  account.id === account.integrationId
    ? secretsBinding(account.assetId, account.provider)
    : `${secretsBinding(account.assetId, account.provider)}:${account.id}`;

/** The account's secrets in clear: only to call the provider, never for an answer or a log line. */
export function openAccountSecrets(deps: Pick<AppDeps, 'env'>, account: AccountRow | null): SecretValues {
  if (!account?.secretsCiphertext || !account.secretsIv || !account.secretsTag || !account.secretsKeyVersion) return {};
  return secretBox(deps.env).open(
    {
      ciphertext: account.secretsCiphertext,
      iv: account.secretsIv,
      tag: account.secretsTag,
      keyVersion: account.secretsKeyVersion,
    },
    accountBinding(account),
  );
}

export const accountConfig = (account: AccountRow | null): IntegrationConfig => storedConfig(account as unknown as IntegrationRow | null);

const isStatus = (value: string): value is IntegrationStatus => (INTEGRATION_STATUSES as readonly string[]).includes(value);
export const accountStatus = (account: AccountRow): IntegrationStatus => (isStatus(account.status) ? account.status : 'not_configured');

/** Whether the account can call the provider: its config passes the provider's schema and its required secrets are set. */
export const accountIsComplete = (deps: Pick<AppDeps, 'env'>, account: AccountRow) =>
  isComplete(account.provider as IntegrationProviderName, accountConfig(account), openAccountSecrets(deps, account));

/**
 * The integration's status from its accounts: none (or none complete) is not_configured; else the worst of them
 * (error, then untested, then connected), so one failing account shows on the provider's card.
 */
export function summedStatus(accounts: readonly AccountRow[]): IntegrationStatus {
  const statuses = accounts.map(accountStatus).filter((status) => status !== 'not_configured');
  if (!statuses.length) return 'not_configured';
  if (statuses.includes('error')) return 'error';
  if (statuses.includes('configured')) return 'configured';
  return 'connected';
}

/** The first account's error, named, for the integration's lastError. */
export function summedError(accounts: readonly AccountRow[]): string | null {
  const failing = accounts.find((account) => account.status === 'error' && account.lastError);
  if (!failing) return null;
  return accounts.length > 1 ? `${failing.label}: ${failing.lastError}` : failing.lastError;
}

export function listAccounts(db: AppDeps['db'] | DbTx, integrationId: string): Promise<AccountRow[]> {
  return db.integrationAccount.findMany({ where: { integrationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/** The integration's status and error again from its accounts (after an account changed). */
export async function sumUpAccounts(db: AppDeps['db'] | DbTx, integrationId: string): Promise<AccountRow[]> {
  const accounts = await listAccounts(db, integrationId);
  await db.integrationConfig.update({
    where: { id: integrationId },
    data: { status: summedStatus(accounts), lastError: summedError(accounts) },
  });
  return accounts;
}

/** Where the provider posts an account's events: the webhook route, addressed by the account. */
export const accountWebhookUrl = (deps: Pick<AppDeps, 'env'>, account: Pick<AccountRow, 'id' | 'provider'>) =>
  `${deps.env.APP_URL.replace(/\/+$/, '')}/api/integrations/${account.provider}/webhook/${account.id}`;

export const subscribedEvents = (account: AccountRow): string[] =>
  account.webhookSubscriptions && typeof account.webhookSubscriptions === 'object' && !Array.isArray(account.webhookSubscriptions)
    ? Object.keys(account.webhookSubscriptions)
    : [];

/** One account as `multi-apps/{x}` answers it: secrets only masked. */
export function toAccountAnswer(deps: Pick<AppDeps, 'env'>, integration: IntegrationRow, account: AccountRow): IntegrationAccount {
  const spec = integrationProviders[account.provider as IntegrationProviderName];
  const secrets = openAccountSecrets(deps, account);
  const masked: Record<string, MaskedSecret> = {};
  for (const key of Object.keys(spec.secrets.shape)) {
    const value = secrets[key];
    masked[key] = value ? { set: true, hint: maskSecret(value) } : { set: false, hint: null };
  }
  return {
    _id: account.id,
    label: account.label,
    enabled: integration.enabled,
    status: accountStatus(account),
    config: accountConfig(account),
    secrets: masked,
    webhookUrl: accountWebhookUrl(deps, account),
    webhookEvents: subscribedEvents(account),
    webhookError: account.webhookError,
    lastTestedAt: account.lastTestedAt?.toISOString() ?? null,
    lastError: account.lastError,
    createdAt: account.createdAt.toISOString(),
  };
}

export interface AccountChange {
  account?: string | undefined;
  config?: IntegrationConfig | undefined;
  secrets?: Record<string, string | null | undefined> | undefined;
}

/**
 * Saves one account inside the integration's transaction (its row locked): the one `change.account` names, a new
 * one for 'new', else the first (made when there is none). Secrets merge as the integration's do (a value sets,
 * null clears, omitted keeps); a changed credential or config makes the account untested. Answers the account and
 * whether its credentials changed (its webhooks are then subscribed again), with the names of the secrets changed.
 */
export async function saveAccount(
  deps: Pick<AppDeps, 'env'>,
  tx: DbTx,
  actor: Actor,
  integration: IntegrationRow,
  change: AccountChange,
): Promise<{ account: AccountRow; changed: boolean; secretsChanged: string[] }> {
  const provider = integration.name as IntegrationProviderName;
  const existing = await listAccounts(tx, integration.id);
  let current: AccountRow | null;
  if (change.account && change.account !== NEW_ACCOUNT) {
    current = existing.find((account) => account.id === change.account) ?? null;
    if (!current) throw AppError.notFound(M.accountNotFound);
  } else current = change.account === NEW_ACCOUNT ? null : (existing[0] ?? null);

  const secrets = openAccountSecrets(deps, current);
  let changed = current === null;
  const secretsChanged: string[] = [];
  for (const [key, value] of Object.entries(change.secrets ?? {})) {
    if (value === undefined || (value === null && secrets[key] === undefined) || value === secrets[key]) continue;
    changed = true;
    secretsChanged.push(key);
    if (value === null) delete secrets[key];
    else secrets[key] = String(value);
  }
  const config = change.config ?? accountConfig(current);
  if (change.config !== undefined && JSON.stringify(config) !== JSON.stringify(accountConfig(current))) changed = true;
  const complete = isComplete(provider, config, secrets);
  const previous = current ? accountStatus(current) : 'not_configured';
  const status: IntegrationStatus = !complete ? 'not_configured' : changed || previous === 'not_configured' ? 'configured' : previous;
  const label = typeof config.label === 'string' && config.label.trim() ? config.label.trim() : integrationProviders[provider].label;
  // The first account of an integration takes its id (see above); the binding depends on it, so it is fixed first.
  const id = current?.id ?? (existing.length ? timeOrderedId() : integration.id);
  const binding = accountBinding({ id, integrationId: integration.id, assetId: integration.assetId, provider });
  const sealed = Object.keys(secrets).length ? secretBox(deps.env).seal(secrets, binding) : null;
  const by = actor.apiKeyId ? null : actor.userId;
  const data = {
    label,
    config,
    status,
    secretsCiphertext: sealed?.ciphertext ?? null,
    secretsIv: sealed?.iv ?? null,
    secretsTag: sealed?.tag ?? null,
    secretsKeyVersion: sealed?.keyVersion ?? null,
    ...(changed ? { lastError: null } : {}),
    updatedById: by,
  };
  const account = current
    ? await tx.integrationAccount.update({ where: { id: current.id }, data })
    : await tx.integrationAccount.create({
        data: { ...data, id, integrationId: integration.id, assetId: integration.assetId, provider, creatorId: by },
      });
  return { account, changed, secretsChanged: secretsChanged.sort() };
}

/** The integration of a multi-account provider, or a 404 naming nothing (another asset's, or not that provider). */
export function assertMultiAccount(provider: IntegrationProviderName) {
  if (!isMultiAccountProvider(provider)) throw AppError.notFound(M.accountNotFound);
}
