import { automaticSlaDates, LEAD_ASSIGNMENT_REASON, LEAD_STATUS, planLeadSla, takesLeads } from '@crm/domain';
import type { DbTx } from '../../db/prisma.js';
import { lockRows } from '../../resources/unit-of-work.js';
import {
  loadLeadSettings,
  chooseByStrategy,
  eligibleMembers,
  openLeadCounts,
  type Candidate,
  managerFor,
  changeLead,
  type LeadAuthor,
} from '../leads/index.js';

// A member who stops taking leads (disabled, lead process off, made a test agent, deleted) leaves routing at once:
// eligibleMembers reads the flags on every pick, so no new automatic lead reaches them, and their open leads that
// nobody accepted yet must not wait for a clock they cannot stop. Each goes, in the caller's transaction, to the
// next eligible member by the asset's strategy (a fresh initial SLA when it ran on one), else to their manager or the
// asset's first manager (docs/leads.md 'SLA': where an unclaimed lead ends), else into the lead pool with a fresh pool
// time, for whoever becomes eligible to claim: no lead stays with a member out of routing. Leads already in the pool
// stay there for others to claim.

export interface RoutingFlags {
  enabled: boolean;
  isLeadProcessEnabled: boolean;
  isTest: boolean;
  deletedAt?: Date | null;
}

/** Whether a change of flags takes the member out of routing. */
export function leavesRouting(before: RoutingFlags, after: RoutingFlags): boolean {
  const flags = (m: RoutingFlags) => ({ ...m, deleted: Boolean(m.deletedAt) });
  return takesLeads(flags(before)) && !takesLeads(flags(after));
}

/** Hands on the member's open, unaccepted leads outside the pool; answers how many moved (to someone or to the pool). */
export async function reassignOpenLeads(tx: DbTx, assetId: string, memberId: string, by: LeadAuthor, now: Date): Promise<number> {
  const leads = await tx.lead.findMany({
    where: { assetId, agentId: memberId, status: LEAD_STATUS.OPEN, isAccepted: false, isInFreePool: false, deletedAt: null },
    select: { id: true, initialSlaEndDate: true, isAssignedFromLeadPool: true },
    orderBy: { id: 'asc' },
  });
  if (!leads.length) return 0;
  const settings = await loadLeadSettings(tx, assetId);
  // The rotation advances one lead at a time under the asset's row lock, as lead intake does.
  await lockRows(tx, 'Asset', [assetId]);
  const turn = await tx.asset.findUnique({ where: { id: assetId }, select: { roundRobinCursor: true } });
  let cursor = turn?.roundRobinCursor ?? null;
  const candidates = (await eligibleMembers(tx, assetId, settings.excludeTestAgents)).filter((c) => c.id !== memberId);
  const loads = await openLeadCounts(
    tx,
    assetId,
    candidates.map((c) => c.id),
  );
  const manager = await managerFor(tx, assetId, memberId);
  const fallback = manager && manager.id !== memberId ? manager : null;
  // The leads' rows in id order, as every writer of several leads takes them.
  await lockRows(
    tx,
    'Lead',
    leads.map((lead) => lead.id),
  );
  let moved = 0;
  for (const lead of leads) {
    const agent: Candidate | null = chooseByStrategy(settings.assignmentStrategy, candidates, cursor, loads);
    if (agent) {
      cursor = agent.id;
      loads.set(agent.id, (loads.get(agent.id) ?? 0) + 1);
      const onClock = lead.initialSlaEndDate !== null && !lead.isAssignedFromLeadPool;
      await changeLead(tx, lead.id, {
        event: { kind: 'assigned', to: agent.name },
        owner: { id: agent.id, officeName: agent.officeName, reason: LEAD_ASSIGNMENT_REASON.AUTO },
        columns: onClock ? automaticSlaDates(now, settings) : {},
        by,
        now,
      });
    } else if (fallback) {
      await changeLead(tx, lead.id, {
        event: { kind: 'escalated', to: fallback.name },
        owner: { id: fallback.id, officeName: fallback.officeName, reason: LEAD_ASSIGNMENT_REASON.POOL_EXPIRED },
        columns: { isAssignedFromLeadPool: true },
        by,
        now,
      });
    } else {
      // Nobody to give it to: the pool, as a lead sent there on creation (its clock runs again from now).
      const pool = planLeadSla({ now, settings, isChild: false, spamOrExternal: false, isManualAssignment: false, sendToPool: true });
      await changeLead(tx, lead.id, {
        event: { kind: 'enteredPool' },
        columns: {
          isInFreePool: true,
          isAssignedFromLeadPool: false,
          initialSlaEndDate: pool.initialSlaEndDate,
          freePoolSlaEndDate: pool.freePoolSlaEndDate,
        },
        by,
        now,
      });
    }
    moved += 1;
  }
  await tx.asset.update({ where: { id: assetId }, data: { roundRobinCursor: cursor } });
  return moved;
}
