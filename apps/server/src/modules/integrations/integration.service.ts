import {
  INTEGRATION_PROVIDER_NAMES,
  IntegrationConfigSchema,
  integrationPatchSchema,
  isMultiAccountProvider,
  type IntegrationProviderName,
  type IntegrationRecord,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { assertAssetOf } from '../../core/authorization.js';
import type { AppDeps } from '../../core/deps.js';
import { validationError } from '../../core/error-envelope.js';
import { secretBox } from '../../core/secret-box.js';
import type { DbTx } from '../../db/prisma.js';
import { recordCallActivity } from '../../resources/activity-log.js';
import { accountsByIntegration, multiAccountRecord, updateMultiAccount } from './integration-account.service.js';
import { listAccounts } from './integration-accounts.js';
import { scheduleSync } from './sync/sync-queue.js';
import { findIntegration, isComplete, openSecrets, secretsBinding, storedConfig, toIntegrationRecord } from './integration-record.js';
import { servesFeed } from './feed-token.js';
import { dropFeedSnapshot } from './feed-snapshot.js';
import { queueFeedRebuild } from './feed-snapshot.job.js';
import { lockRows } from '../../resources/unit-of-work.js';

// The asset rule lives in core/authorization.ts: the integration log took it from here, closing a 57-file circle.
// Re-exported for the WhatsApp settings, which still import it from this file.
export { assertAssetOf };

// An asset's integrations (docs/api.md 'Integrations'): read every provider (answered even when never set) and
// save one: its switch, its whole config through the provider's strict schema, its secrets sealed at rest.

/** The contract-style name of an asset's integration settings in the activity log. */
export const INTEGRATION_SUBJECT = 'integrations';

/** What the activity log keeps of an integration's settings: never a secret, only the names of those that changed. */
function settingsOf(row: { enabled: boolean; config: unknown; status: string }) {
  return { enabled: row.enabled, config: row.config ?? null, status: row.status };
}

/** The activity row of a change to an asset's integration (its settings, schedule or removal), by the caller. */
export function logIntegrationChange(
  tx: DbTx,
  actor: Actor,
  row: { id: string; assetId: string; name: string },
  change: { action: 'update' | 'delete'; before?: Record<string, unknown>; after?: Record<string, unknown> },
  now: Date,
): Promise<void> {
  return recordCallActivity(
    tx,
    { userId: actor.userId, companyId: actor.companyId },
    {
      subjectType: INTEGRATION_SUBJECT,
      subjectId: row.id,
      assetId: row.assetId,
      ...change,
      ...(change.after ? { after: { provider: row.name, ...change.after } } : {}),
    },
    now,
  );
}

export async function listIntegrations(deps: Pick<AppDeps, 'db' | 'env'>, actor: Actor, assetId: string): Promise<IntegrationRecord[]> {
  assertAssetOf(actor, assetId);
  const [rows, accounts] = await Promise.all([
    deps.db.integrationConfig.findMany({ where: { assetId } }),
    accountsByIntegration(deps, assetId),
  ]);
  const byName = new Map(rows.map((row) => [row.name, row]));
  return INTEGRATION_PROVIDER_NAMES.map((name) => {
    const row = byName.get(name) ?? null;
    return isMultiAccountProvider(name)
      ? multiAccountRecord(deps, assetId, name, row, row ? (accounts.get(row.id) ?? []) : [])
      : toIntegrationRecord(deps, assetId, name, row);
  });
}

export async function getIntegration(
  deps: Pick<AppDeps, 'db' | 'env'>,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
): Promise<IntegrationRecord> {
  assertAssetOf(actor, assetId);
  const row = await findIntegration(deps, assetId, provider);
  if (isMultiAccountProvider(provider))
    return multiAccountRecord(deps, assetId, provider, row, row ? await listAccounts(deps.db, row.id) : []);
  return toIntegrationRecord(deps, assetId, provider, row);
}

/**
 * PATCH {name}: `enabled`, `config` (replaces the stored one), `secrets` (a value sets, null clears, omitted or an
 * echoed mask keeps). A bad body answers 400 with field messages and stores nothing. Changed credentials make the
 * status `configured` (untested) or `not_configured` (something required missing) and forget the last error.
 */
export async function updateIntegration(
  deps: Pick<AppDeps, 'db' | 'env' | 'jobs' | 'log' | 'clock'>,
  actor: Actor,
  assetId: string,
  provider: IntegrationProviderName,
  body: object,
): Promise<IntegrationRecord> {
  assertAssetOf(actor, assetId);
  if (isMultiAccountProvider(provider)) return updateMultiAccount(deps, actor, assetId, provider, body);
  const parsed = integrationPatchSchema(provider).safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const input = parsed.data;
  const box = secretBox(deps.env);
  const row = await deps.db.$transaction(async (tx) => {
    const existing = await tx.integrationConfig.upsert({
      where: { assetId_name: { assetId, name: provider } },
      create: { assetId, name: provider, creatorId: actor.apiKeyId ? null : actor.userId },
      update: {},
    });
    // Two saves at once must not lose each other's secrets: the second waits and merges onto the first.
    await lockRows(tx, 'IntegrationConfig', [existing.id]);
    const current = await tx.integrationConfig.findUniqueOrThrow({ where: { id: existing.id } });
    const secrets = openSecrets(deps, current);
    let credentialsChanged = false;
    const secretsChanged: string[] = [];
    for (const [key, value] of Object.entries(input.secrets ?? {})) {
      if (value === undefined || (value === null && secrets[key] === undefined) || value === secrets[key]) continue;
      credentialsChanged = true;
      secretsChanged.push(key);
      if (value === null) delete secrets[key];
      else secrets[key] = String(value);
    }
    const config = input.config === undefined ? storedConfig(current) : IntegrationConfigSchema.parse(input.config);
    if (input.config !== undefined && JSON.stringify(config) !== JSON.stringify(storedConfig(current))) credentialsChanged = true;
    const complete = isComplete(provider, config, secrets);
    const status = !complete ? 'not_configured' : credentialsChanged || current.status === 'not_configured' ? 'configured' : current.status;
    const sealed = Object.keys(secrets).length ? box.seal(secrets, secretsBinding(assetId, provider)) : null;
    const updated = await tx.integrationConfig.update({
      where: { id: current.id },
      data: {
        enabled: input.enabled ?? current.enabled,
        config,
        secretsCiphertext: sealed?.ciphertext ?? null,
        secretsIv: sealed?.iv ?? null,
        secretsTag: sealed?.tag ?? null,
        secretsKeyVersion: sealed?.keyVersion ?? null,
        status,
        ...(credentialsChanged ? { lastError: null } : {}),
        updatedById: actor.apiKeyId ? null : actor.userId,
      },
    });
    // The secrets' values never: only which of them were set, replaced or cleared.
    const after = { ...settingsOf(updated), ...(secretsChanged.length ? { secretsChanged: secretsChanged.sort() } : {}) };
    await logIntegrationChange(tx, actor, updated, { action: 'update', before: settingsOf(current), after }, deps.clock.now());
    return updated;
  });
  // A new secret, format or filter: the next pull builds the feed afresh, and a rebuild is on its way.
  if (servesFeed(provider)) {
    await dropFeedSnapshot(deps, row.id);
    await queueFeedRebuild(deps, row, true);
  }
  // Switched off or emptied: its scheduled sync stops; switched back on: it starts again.
  await scheduleSync(deps, row);
  return toIntegrationRecord(deps, assetId, provider, row);
}
