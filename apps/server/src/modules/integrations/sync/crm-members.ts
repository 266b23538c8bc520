import { recordActivity } from '../../../resources/activity-log.js';
import type { SyncScope, SyncWork } from './sync-work.js';

// Team members pulled from a CRM (Goyzer's GetAgents, Engage's agents): one member per (asset, provider, agent id),
// found again by that key, else linked by email to the member the asset already has; created disabled (an admin
// switches a new agent on). Each write leaves its activity-log row in its transaction.

export interface CrmAgent {
  sourceDataId: string;
  name: string;
  email: string | null;
  phone: string | null;
  designation: string | null;
  /** The CRM's id of the agent's office (offices/{crm}); not stored on the member, whose office is its name. */
  officeId: string | null;
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

/** A members run: every agent the CRM answered, written one by one with the run's progress. */
export async function pullCrmMembers(work: SyncWork, scope: SyncScope, agents: readonly CrmAgent[]): Promise<void> {
  await work.progress(0, agents.length);
  for (const [i, agent] of agents.entries()) {
    await upsertCrmMember(work, agent, scope.ids);
    await work.progress(i + 1, agents.length);
  }
}

/** The offices named by the agents (Goyzer has no office call): each once, by id (else name), in name order. */
export function officesOfAgents(agents: readonly { officeId: string | null; officeName: string | null }[]): { id: string; name: string }[] {
  const offices = new Map<string, string>();
  for (const agent of agents) {
    if (agent.officeName) offices.set(agent.officeId ?? agent.officeName, agent.officeName);
  }
  return [...offices].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
