import { createHash } from 'node:crypto';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { SyncWork } from './sync-work.js';

// Outbound pushes tracked per record (docs/api.md 'Integrations'): the provider's id for it and the hash of what was
// last sent. A record whose payload is unchanged since its last push is not sent again (counted `skipped`).

export type PushedEntity = 'lead' | 'customer' | 'listing';

const keyOf = (work: SyncWork, entity: PushedEntity, entityId: string) => ({
  integrationId_entity_entityId: { integrationId: work.row.id, entity, entityId },
});

export const payloadHash = (payload: unknown) => createHash('sha256').update(JSON.stringify(payload)).digest('hex');

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
  const key = keyOf(work, entity, entityId);
  const hash = payloadHash(payload);
  const ref = await work.deps.db.externalRef.findUnique({ where: key });
  if (ref?.payloadHash === hash) {
    work.count('skipped');
    return;
  }
  const externalId = await send();
  const data = { payloadHash: hash, externalId: externalId ?? ref?.externalId ?? null, syncedAt: work.deps.clock.now() };
  await work.deps.db.externalRef.upsert({
    where: key,
    create: { ...key.integrationId_entity_entityId, assetId: work.row.assetId, provider: work.provider, ...data },
    update: data,
  });
  work.count(ref ? 'updated' : 'created');
}

/** What the provider says about a pushed record now (status, owner), kept beside its reference. */
export async function saveRemoteState(work: SyncWork, entity: PushedEntity, entityId: string, remote: Prisma.InputJsonObject) {
  await work.deps.db.externalRef.updateMany({ where: { integrationId: work.row.id, entity, entityId }, data: { remote } });
}
