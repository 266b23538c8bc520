import {
  automaticSlaDates,
  LEAD_ASSIGNMENT_REASON,
  LEAD_ENGINE_MESSAGES,
  LEAD_STATUS,
  MESSAGES,
  normalizePaging,
  paginatorMetaFor,
  type LeadPoolQuery,
  type LeadRecord,
  type PaginatorMeta,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import type { Row } from '../../resources/resource.types.js';
import { actorMember, LEAD_TX_OPTIONS, loadLeadSettings, minutesBetween, type LeadDeps } from './lead-context.js';
import { changeLead } from './lead-writer.js';
import { assertLeadId, leadRecordPlan, readLeadRecord, toLeadRecord } from './lead-record.js';

import { type UnitOfWork, withUnitOfWork } from '../../resources/unit-of-work.js';
import { LEAD_EVENT_SUBJECT } from './lead-events.js';
import { leadResource } from './lead.resource.js';
import { scheduleLeadClock } from './lead-sla.job.js';
import { applyDueClockStep } from './lead-sla.service.js';
import type { Prisma } from '../../generated/prisma/client.js';

// docs/leads.md 'SLA': the assigned agent accepts (stopping the clock); an unaccepted lead enters the pool, where the
// first eligible agent to claim it wins (others: 409) and gets a fresh initial SLA.

type ActingMember = Awaited<ReturnType<typeof actorMember>>;
/** Who acts on a lead: the caller's team member (the demo seed names a member without a login). */
export type MemberOf = (tx: DbTx) => Promise<ActingMember>;

/** The team member, if it may claim pool leads (enabled, lead processing on, not a test agent when those are excluded). */
async function eligibleClaimer(db: DbTx, assetId: string, memberOf: MemberOf) {
  const member = await memberOf(db);
  if (!member) throw AppError.forbidden(LEAD_ENGINE_MESSAGES.noTeamMember);
  const { excludeTestAgents } = await loadLeadSettings(db, assetId);
  if (!mayClaimFromPool(member, excludeTestAgents)) throw AppError.forbidden(LEAD_ENGINE_MESSAGES.notEligibleToClaim);
  return member;
}

/** Whether a member may claim pool leads: enabled, lead processing on, not a test agent when the asset leaves those out. */
export function mayClaimFromPool(member: { enabled: boolean; isLeadProcessEnabled: boolean; isTest: boolean }, excludeTestAgents: boolean) {
  return member.enabled && member.isLeadProcessEnabled && !(excludeTestAgents && member.isTest);
}

/** The leads GET pool lists: the asset's open, unaccepted leads in the pool. */
export const poolLeadsWhere = (assetId: string) =>
  ({ assetId, deletedAt: null, status: LEAD_STATUS.OPEN, isInFreePool: true, isAccepted: false }) satisfies Prisma.LeadWhereInput;

/** GET pool: the asset's leads in the pool, soonest pool end first, for an agent who may claim them. */
export async function listPoolLeads(
  deps: Pick<LeadDeps, 'db' | 'clock'>,
  actor: Actor,
  assetId: string,
  query: LeadPoolQuery,
): Promise<{ data: LeadRecord[]; meta: PaginatorMeta }> {
  await eligibleClaimer(deps.db, assetId, (tx) => actorMember(tx, actor, assetId));
  const paging = normalizePaging(query);
  const plan = leadRecordPlan(actor, assetId);
  const where = poolLeadsWhere(assetId);
  const [rows, total] = await Promise.all([
    deps.db.lead.findMany({
      where,
      select: plan.select as Prisma.LeadSelect,
      orderBy: [{ freePoolSlaEndDate: 'asc' }, { id: 'asc' }],
      skip: paging.offset,
      take: paging.limit,
    }),
    deps.db.lead.count({ where }),
  ]);
  const now = deps.clock.now();
  return { data: rows.map((row) => toLeadRecord(row as Row, plan, now)), meta: paginatorMetaFor(total, paging) };
}

/**
 * Locks the lead of the asset and applies the clock step already due, so every decision sees the truth now (one
 * stage at a time: a lead past both ends enters the pool, docs/leads.md 'The clock').
 */
async function lockCurrent(uow: UnitOfWork, assetId: string, leadId: string, now: Date) {
  assertLeadId(leadId);
  const { tx } = uow;
  const lead = await tx.lead.findFirst({ where: { id: leadId, assetId, deletedAt: null }, select: { id: true } });
  if (!lead) throw AppError.notFound(MESSAGES.lead.notFound);
  await uow.lock('Lead', leadId);
  // Whatever the call decides, the clock step may have moved the lead: the totals and its events after the commit.
  uow.countsChanged(leadResource, assetId);
  uow.deliverEventsOf(LEAD_EVENT_SUBJECT, [leadId]);
  await applyDueClockStep(tx, leadId, now);
  const current = await tx.lead.findUnique({ where: { id: leadId } });
  if (!current) throw AppError.notFound(MESSAGES.lead.notFound);
  return current;
}

/** POST pool/{id}/claim: first claim wins; the lead leaves the pool with the claimer and a fresh initial SLA. */
export async function claimPoolLead(deps: LeadDeps, actor: Actor, assetId: string, leadId: string): Promise<LeadRecord> {
  const now = await claimPoolLeadBy(deps, actor, assetId, leadId, (tx) => actorMember(tx, actor, assetId));
  return readLeadRecord(deps.db, actor, assetId, leadId, now);
}

/** The claim, by the member `memberOf` names, written as `actor` and its moment; no answer read (the demo seed's steps). */
export async function claimPoolLeadBy(deps: LeadDeps, actor: Actor, assetId: string, leadId: string, memberOf: MemberOf): Promise<Date> {
  const now = deps.clock.now();
  const settings = await loadLeadSettings(deps.db, assetId);
  await withUnitOfWork(
    deps,
    actor,
    async (uow) => {
      const { tx } = uow;
      const member = await eligibleClaimer(tx, assetId, memberOf);
      const lead = await lockCurrent(uow, assetId, leadId, now);
      if (!lead.isInFreePool || lead.isAccepted || lead.status !== LEAD_STATUS.OPEN)
        throw AppError.conflict(LEAD_ENGINE_MESSAGES.alreadyClaimed);
      const office = await tx.teamMember.findUnique({ where: { id: member.id }, select: { officeName: true } });
      const sla = automaticSlaDates(now, settings);
      const claimed = await changeLead(tx, leadId, {
        event: { kind: 'claimed', by: member.name },
        owner: { id: member.id, officeName: office?.officeName ?? null, reason: LEAD_ASSIGNMENT_REASON.POOL_CLAIM },
        columns: {
          isInFreePool: false,
          isClaimedFromPool: true,
          initialSlaEndDate: sla.initialSlaEndDate,
          freePoolSlaEndDate: sla.freePoolSlaEndDate,
        },
        by: actor,
        now,
      });
      uow.afterCommit('lead.sla.schedule', () => scheduleLeadClock(deps, claimed));
    },
    LEAD_TX_OPTIONS,
  );
  return now;
}

/**
 * POST accept/{id}: the assigned agent accepts. Records acceptedAt and the assignment's response minutes,
 * and recomputes the agent's averageResponseTime (the mean over their accepted assignments).
 */
export async function acceptLead(deps: AcceptDeps, actor: Actor, assetId: string, leadId: string): Promise<LeadRecord> {
  const now = await acceptLeadBy(deps, actor, assetId, leadId, (tx) => actorMember(tx, actor, assetId));
  return readLeadRecord(deps.db, actor, assetId, leadId, now);
}

type AcceptDeps = Pick<LeadDeps, 'db' | 'clock' | 'log' | 'redis' | 'env' | 'jobs'>;

/**
 * The acceptance, by the member `memberOf` names (who must be the lead's agent), written as `actor`, and its moment;
 * no answer read (the demo seed's steps).
 */
export async function acceptLeadBy(deps: AcceptDeps, actor: Actor, assetId: string, leadId: string, memberOf: MemberOf): Promise<Date> {
  const now = deps.clock.now();
  await withUnitOfWork(
    deps,
    actor,
    async (uow) => {
      const { tx } = uow;
      const member = await memberOf(tx);
      const lead = await lockCurrent(uow, assetId, leadId, now);
      if (!member || lead.agentId !== member.id) throw AppError.forbidden(LEAD_ENGINE_MESSAGES.onlyAssignedAgentAccepts);
      if (lead.isAccepted) throw AppError.conflict(LEAD_ENGINE_MESSAGES.alreadyAccepted);
      if (lead.isInFreePool) throw AppError.conflict(LEAD_ENGINE_MESSAGES.inPoolClaimFirst);
      if (lead.status !== LEAD_STATUS.OPEN) throw AppError.conflict(LEAD_ENGINE_MESSAGES.leadClosed);
      const assignment = await tx.leadAssignment.findFirst({
        where: { leadId, agentId: member.id },
        orderBy: [{ assignedAt: 'desc' }, { id: 'desc' }],
      });
      const since = assignment?.assignedAt ?? lead.agentAssignedAt ?? lead.createdAt;
      const responseMinutes = Math.max(0, minutesBetween(since, now));
      if (assignment) await tx.leadAssignment.update({ where: { id: assignment.id }, data: { acceptedAt: now, responseMinutes } });
      await changeLead(tx, leadId, {
        event: { kind: 'accepted', by: member.name },
        columns: { isAccepted: true, acceptedAt: now, slaResponseTime: responseMinutes },
        by: actor,
        now,
      });
      const mean = await tx.leadAssignment.aggregate({
        where: { agentId: member.id, responseMinutes: { not: null } },
        _avg: { responseMinutes: true },
      });
      const average = mean._avg.responseMinutes;
      await tx.teamMember.update({
        where: { id: member.id },
        data: { averageResponseTime: average === null ? null : Math.round(average * 100) / 100 },
      });
    },
    LEAD_TX_OPTIONS,
  );
  return now;
}
