import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_LAST_USED_EVERY_MS,
  API_KEY_PREFIX,
  MESSAGES,
  PERMISSIONS,
  UUID_PATTERN,
  type ApiKeyCreated,
  type ApiKeyCreateInput,
  type ApiKeyRecord,
  type PermissionCode,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { actorCan, assetInReach, assetOfActor } from '../../core/authorization.js';
import type { AppDeps } from '../../core/deps.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { findRecordById } from '../../resources/resource.service.js';
import { apiKeyResource } from './api-key.resource.js';

// API keys (docs/api.md 'API keys'). The secret is 32 random bytes: far too many to guess, so a plain SHA-256 of it
// is a safe thing to store and look up (a slow password hash would only slow every call down).

type KeyDeps = Pick<AppDeps, 'db' | 'clock' | 'redis' | 'env' | 'log'>;

const API_KEY_SUBJECT = apiKeyResource.contract.name;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** POST api-keys: the new key, its secret answered this once. An admin gives a key only what they hold. */
export async function createApiKey(deps: KeyDeps, actor: Actor, asset: string, input: ApiKeyCreateInput): Promise<ApiKeyCreated> {
  const assetId = input.asset ? assetInReach(actor, input.asset) : asset;
  const notHeld = input.permissions.filter((code) => !actorCan(actor, [code]));
  if (notHeld.length) throw AppError.validation({ permissions: notHeld.map((code) => MESSAGES.apiKey.permissionNotHeld(code)) });
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await withUnitOfWork(deps, actor, async (uow) => {
    const created = await uow.tx.apiKey.create({
      data: {
        companyId: actor.companyId,
        assetId,
        name: input.name,
        prefix: key.slice(0, API_KEY_PREFIX.length + 8),
        keyHash: hashApiKey(key),
        permissions: [...new Set(input.permissions)],
        creatorId: actor.userId,
        updatedById: actor.userId,
      },
      select: { id: true, name: true, prefix: true, permissions: true },
    });
    // The key's secret never: its name, visible prefix and what it may do.
    const after = { _id: created.id, name: created.name, prefix: created.prefix, permissions: created.permissions };
    uow.activity({ action: 'create', subjectType: API_KEY_SUBJECT, subjectId: created.id, assetId, after });
    uow.countsChanged(apiKeyResource, assetId);
    return created;
  });
  const record = (await findRecordById({ deps, actor: { ...actor, assetId } }, apiKeyResource, row.id)) as ApiKeyRecord;
  return { ...record, key };
}

/** POST api-keys/{id}/revoke: the key answers 401 from the next call on; the record stays, with revokedAt. */
export async function revokeApiKey(deps: KeyDeps, actor: Actor, assetId: string, id: string): Promise<ApiKeyRecord> {
  if (!UUID_PATTERN.test(id)) throw AppError.notFound(MESSAGES.apiKey.notFound);
  const key = await deps.db.apiKey.findFirst({ where: { id, assetId }, select: { id: true, revokedAt: true } });
  if (!key) throw AppError.notFound(MESSAGES.apiKey.notFound);
  if (key.revokedAt) throw AppError.conflict(MESSAGES.apiKey.alreadyRevoked);
  const now = deps.clock.now();
  await withUnitOfWork(deps, actor, async (uow) => {
    const { count } = await uow.tx.apiKey.updateMany({
      where: { id, revokedAt: null },
      data: { revokedAt: now, updatedById: actor.userId },
    });
    // A revoke that lost the race to another one changed nothing.
    if (count === 0) throw AppError.conflict(MESSAGES.apiKey.alreadyRevoked);
    const change = { before: { revokedAt: null }, after: { revokedAt: now.toISOString() } };
    uow.activity({ action: 'update', subjectType: API_KEY_SUBJECT, subjectId: id, assetId, ...change });
  });
  return (await findRecordById({ deps, actor: { ...actor, assetId } }, apiKeyResource, id)) as ApiKeyRecord;
}

/** When each key's last-used time was last written by this process: written at most once a minute per key. */
const lastUsedWritten = new Map<string, number>();

/**
 * The caller of a request made with an API key: the key's asset and permissions, nothing more (never super
 * access, never another asset: naming one answers 403). A missing or revoked key answers 401.
 */
export async function resolveApiKeyActor(deps: KeyDeps, key: string, requestedAssetId?: string): Promise<Actor> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw AppError.unauthorized(MESSAGES.apiKey.invalid);
  const row = await deps.db.apiKey.findUnique({
    where: { keyHash: hashApiKey(key) },
    select: { id: true, companyId: true, assetId: true, name: true, permissions: true, revokedAt: true, lastUsedAt: true },
  });
  if (!row) throw AppError.unauthorized(MESSAGES.apiKey.invalid);
  if (row.revokedAt) throw AppError.unauthorized(MESSAGES.apiKey.revoked);
  const now = deps.clock.now();
  const every = API_KEY_LAST_USED_EVERY_MS;
  const written = Math.max(lastUsedWritten.get(row.id) ?? 0, row.lastUsedAt?.getTime() ?? 0);
  if (now.getTime() - written >= every) {
    lastUsedWritten.set(row.id, now.getTime());
    // Conditional, so several processes write it once a minute between them too.
    await deps.db.apiKey.updateMany({
      where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - every) } }] },
      data: { lastUsedAt: now },
    });
  }
  const actor: Actor = {
    userId: row.id,
    sessionId: row.id,
    apiKeyId: row.id,
    companyId: row.companyId,
    email: '',
    fullName: `API key ${row.name}`,
    roleCode: 'API_KEY',
    permissions: row.permissions.filter((code): code is PermissionCode => code !== PERMISSIONS.SUPER_ACCESS) as PermissionCode[],
    isRootUser: false,
    assetId: row.assetId,
    assetIds: [row.assetId],
  };
  return requestedAssetId ? { ...actor, assetId: assetOfActor(actor, requestedAssetId) } : actor;
}
