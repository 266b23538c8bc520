import { recordActivity } from '../../../resources/activity-log.js';
import type { SyncWork } from './sync-work.js';

// Team members pulled from a CRM (Goyzer's GetAgents, Engage's agents): one member per (asset, provider, agent id),
// found again by that key, else linked by email to the member the asset already has; created disabled (an admin
// switches a new agent on). Each write leaves its activity-log row in its transaction.

export interface CrmAgent {
  sourceDataId: string;
  name: string;
  email: string | null;
  phone: string | null;
  designation: string | null;
  officeName: string | null;
  photoUrl: string | null;
}

const fieldsOf = (agent: CrmAgent) => ({
  name: agent.name,
  email: agent.email,
  phoneNumber: agent.phone,
  designation: agent.designation,
  officeName: agent.officeName,
  photoUrl: agent.photoUrl,
});

/** Writes one agent; `onlyIds` limits a run to the members a sync-* call named (others are skipped). */
export async function upsertCrmMember(work: SyncWork, agent: CrmAgent, onlyIds?: readonly string[]): Promise<void> {
  const { deps, row, provider } = work;
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${`crm-member:${row.assetId}:${provider}:${agent.sourceDataId}`}))`;
    const existing =
      (await tx.teamMember.findFirst({ where: { assetId: row.assetId, inputSource: provider, sourceDataId: agent.sourceDataId } })) ??
      (agent.email
        ? await tx.teamMember.findFirst({
            where: { assetId: row.assetId, deletedAt: null, email: { equals: agent.email, mode: 'insensitive' }, sourceDataId: null },
          })
        : null);
    if (onlyIds && (!existing || !onlyIds.includes(existing.id))) {
      work.count('skipped');
      return;
    }
    const entry = { userId: null, companyId: existing?.companyId ?? '', assetId: row.assetId, subjectType: 'members' };
    if (existing) {
      const fields = fieldsOf(agent);
      const changed =
        Object.entries(fields).some(([key, value]) => value !== (existing as Record<string, unknown>)[key]) ||
        existing.inputSource !== provider;
      if (!changed) {
        work.count('skipped');
        return;
      }
      const after = await tx.teamMember.update({
        where: { id: existing.id },
        data: { ...fields, inputSource: provider, sourceDataId: agent.sourceDataId, crmId: agent.sourceDataId, dataSourceUpdatedAt: now },
      });
      await recordActivity(tx, [{ ...entry, action: 'update', subjectId: existing.id, before: existing, after }], now);
      work.count('updated');
      return;
    }
    const { companyId } = await tx.asset.findUniqueOrThrow({ where: { id: row.assetId }, select: { companyId: true } });
    const created = await tx.teamMember.create({
      data: {
        ...fieldsOf(agent),
        companyId,
        assetId: row.assetId,
        inputSource: provider,
        sourceDataId: agent.sourceDataId,
        crmId: agent.sourceDataId,
        enabled: false,
        dataSourceCreatedAt: now,
        dataSourceUpdatedAt: now,
      },
    });
    await recordActivity(tx, [{ ...entry, companyId, action: 'create', subjectId: created.id, after: created }], now);
    work.count('created');
  });
}
