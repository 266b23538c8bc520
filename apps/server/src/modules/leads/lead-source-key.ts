import type { DbTx } from '../../db/prisma.js';

// An integrator's lead is known by the system that sent it and its id there (inputSource, sourceDataId), once per
// asset (a unique index). Lead intake reads the keys of a batch under the asset's lock, so a portal resending a
// lead, even twice at the same moment and through two servers, finds the first one instead of making a second.

export interface LeadSourceKey {
  inputSource: string;
  sourceDataId: string;
  /** When the sending system received the enquiry (a portal's own time), kept as the lead's sourceReceivedAt. */
  receivedAt?: Date | null;
}

export interface KnownSource {
  leadId: string;
  deleted: boolean;
}

/** One text per key (the separator cannot appear in JSON-escaped parts). */
export const sourceKeyText = (key: LeadSourceKey) => JSON.stringify([key.inputSource, key.sourceDataId]);

/** The create found the key taken: the caller refreshes that lead instead (lead-upsert.service.ts). */
export class LeadSourceKnown extends Error {
  constructor(readonly known: KnownSource) {
    super('lead already received from this source');
  }
}

/** The leads of the asset that already carry one of the batch's keys, deleted ones too (the index holds them). */
export async function readKnownSources(
  tx: DbTx,
  assetId: string,
  batch: readonly { sourceKey?: LeadSourceKey | null }[],
): Promise<Map<string, KnownSource>> {
  const keys = batch.flatMap((lead) => (lead.sourceKey ? [lead.sourceKey] : []));
  if (!keys.length) return new Map();
  const rows = await tx.$queryRaw<{ id: string; inputSource: string; sourceDataId: string; deleted: boolean }[]>`
    SELECT l.id, l."inputSource", l."sourceDataId", l."deletedAt" IS NOT NULL AS deleted
    FROM "Lead" l
    JOIN unnest(${keys.map((k) => k.inputSource)}::text[], ${keys.map((k) => k.sourceDataId)}::text[]) AS k(source, id)
      ON l."inputSource" = k.source AND l."sourceDataId" = k.id
    WHERE l."assetId" = ${assetId}::uuid`;
  return new Map(rows.map((row) => [sourceKeyText(row), { leadId: row.id, deleted: row.deleted }]));
}

/** The lead of the asset with this key, if any (after a unique-index race the intake did not see). */
export async function findSourceLead(tx: DbTx, assetId: string, key: LeadSourceKey): Promise<KnownSource | null> {
  const lead = await tx.lead.findFirst({
    where: { assetId, inputSource: key.inputSource, sourceDataId: key.sourceDataId },
    select: { id: true, deletedAt: true },
  });
  return lead ? { leadId: lead.id, deleted: lead.deletedAt !== null } : null;
}
