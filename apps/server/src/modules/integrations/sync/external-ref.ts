import { createHash } from 'node:crypto';
import type { AppDeps } from '../../../core/deps.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { SyncWork } from './sync-work.js';

// Outbound pushes tracked per record (docs/api.md 'Integrations'): the provider's id for it and the hash of what was
// last sent. A record whose payload is unchanged since its last push is not sent again (counted `skipped`). A
// reference belongs to one account of the integration: a provider connected once has one, the integration itself
// (its id is the account's); Property Finder's several accounts each keep their own (pf-listing-sync.ts).

export type PushedEntity = 'lead' | 'customer' | 'listing';

/** Where a reference is kept: the integration, and its account (the integration's own id for a single setup). */
export interface RefOwner {
  integrationId: string;
  accountId: string;
  assetId: string;
  provider: string;
}

export const refOwnerOf = (work: SyncWork): RefOwner => ({
  integrationId: work.row.id,
  accountId: work.row.id,
  assetId: work.row.assetId,
  provider: work.provider,
});

export const refKey = (owner: Pick<RefOwner, 'accountId'>, entity: string, entityId: string) => ({
  accountId_entity_entityId: { accountId: owner.accountId, entity, entityId },
});

export const payloadHash = (payload: unknown) => createHash('sha256').update(JSON.stringify(payload)).digest('hex');

/** Writes (or makes) the reference of one record at one account. */
export async function saveRef(
  deps: Pick<AppDeps, 'db'>,
  owner: RefOwner,
  entity: string,
  entityId: string,
  data: Omit<Prisma.ExternalRefUncheckedUpdateInput, 'id' | 'accountId' | 'integrationId' | 'entity' | 'entityId'>,
): Promise<void> {
  await deps.db.externalRef.upsert({
    where: refKey(owner, entity, entityId),
    create: { ...(data as Omit<Prisma.ExternalRefUncheckedCreateInput, 'assetId'>), ...owner, entity, entityId },
    update: data,
  });
}

/**
 * Sends `payload` with `send` unless the same was sent last time; records the provider's id and the hash. Counts the
 * outcome on the run (created on the first push, updated after, skipped when unchanged).
 */
export async function pushIfChanged(
  work: SyncWork,
  entity: PushedEntity,
  entityId: string,
  payload: unknown,
  send: () => Promise<string | null>,
): Promise<void> {
  const owner = refOwnerOf(work);
  const hash = payloadHash(payload);
  const ref = await work.deps.db.externalRef.findUnique({ where: refKey(owner, entity, entityId) });
  if (ref?.payloadHash === hash) {
    work.count('skipped');
    return;
  }
  const externalId = await send();
  await saveRef(work.deps, owner, entity, entityId, {
    payloadHash: hash,
    externalId: externalId ?? ref?.externalId ?? null,
    syncedAt: work.deps.clock.now(),
    error: null,
  });
  work.count(ref ? 'updated' : 'created');
}

/**
 * `pushIfChanged` for records the provider takes many at a time: those unchanged since their last push are skipped,
 * the rest sent together by one `send` (their ids), then each one's reference written and counted.
 */
export async function pushBatchIfChanged(
  work: SyncWork,
  entity: PushedEntity,
  records: readonly { id: string; payload: unknown }[],
  send: (ids: string[]) => Promise<void>,
): Promise<void> {
  if (!records.length) return;
  const owner = refOwnerOf(work);
  const refs = await work.deps.db.externalRef.findMany({
    where: { accountId: owner.accountId, entity, entityId: { in: records.map((record) => record.id) } },
  });
  const known = new Map(refs.map((ref) => [ref.entityId, ref]));
  const changed = records
    .map((record) => ({ ...record, hash: payloadHash(record.payload), ref: known.get(record.id) }))
    .filter((record) => record.ref?.payloadHash !== record.hash);
  work.count('skipped', records.length - changed.length);
  if (!changed.length) return;
  await send(changed.map((record) => record.id));
  const now = work.deps.clock.now();
  for (const record of changed) {
    await saveRef(work.deps, owner, entity, record.id, {
      payloadHash: record.hash,
      externalId: record.ref?.externalId ?? null,
      syncedAt: now,
      error: null,
    });
    work.count(record.ref ? 'updated' : 'created');
  }
}

/** What the provider says about a pushed record now (status, owner), kept beside its reference. */
export async function saveRemoteState(work: SyncWork, entity: PushedEntity, entityId: string, remote: Prisma.InputJsonObject) {
  await work.deps.db.externalRef.updateMany({ where: { accountId: work.row.id, entity, entityId }, data: { remote } });
}
