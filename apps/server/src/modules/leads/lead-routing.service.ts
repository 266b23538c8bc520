import {
  DATE_PRESET,
  datePresetRange,
  LEAD_ASSIGNMENT_REASON,
  LEAD_ENGINE_MESSAGES,
  LEAD_STATUS,
  MESSAGES,
  type LeadAssignmentReason,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import type { AssetLeadSettings } from './lead-context.js';

// docs/leads.md 'Who gets a new lead': parent lead of the same customer, the listing's agent, the project's agents
// by the strategy, every eligible member by the strategy, nobody. Used by GET initial-agent (a preview that
// moves nothing) and by create (which picks under the asset's row lock and advances the rotation).

export interface Candidate {
  id: string;
  name: string;
  leadWeight: number;
  officeName: string | null;
}

export const CANDIDATE_SELECT = { id: true, name: true, leadWeight: true, officeName: true } as const;

/** Who may receive leads automatically (and claim from the pool); test agents too when the asset does not exclude them. */
export function eligibleMemberWhere(excludeTestAgents: boolean) {
  return { enabled: true, isLeadProcessEnabled: true, deletedAt: null, ...(excludeTestAgents ? { isTest: false } : {}) } as const;
}

export async function eligibleMembers(
  db: DbTx,
  assetId: string,
  excludeTestAgents: boolean,
  projectId?: string | null,
): Promise<Candidate[]> {
  const members = await db.teamMember.findMany({
    where: { assetId, ...eligibleMemberWhere(excludeTestAgents), ...(projectId ? { projects: { some: { id: projectId } } } : {}) },
    select: CANDIDATE_SELECT,
  });
  return members.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The candidates in turn order: the first one after the cursor (the last member served), wrapping around. */
export function rotationAfter(candidates: readonly Candidate[], cursor: string | null): Candidate[] {
  const start = cursor ? candidates.findIndex((c) => c.id > cursor) : 0;
  const from = Math.max(start, 0);
  return [...candidates.slice(from), ...candidates.slice(0, from)];
}

/** Open leads per member of `ids` in the asset (what least_loaded and weighted compare). */
export async function openLeadCounts(db: DbTx, assetId: string, ids: string[]): Promise<Map<string, number>> {
  const rows = await db.lead.groupBy({
    by: ['agentId'],
    where: { assetId, status: LEAD_STATUS.OPEN, deletedAt: null, agentId: { in: ids } },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.agentId ?? '', row._count._all]));
}

/**
 * The strategy's choice among `candidates`, given each one's open leads. Ties (and round robin itself) go to
 * whoever is next in turn, so equal members keep rotating.
 */
export function chooseByStrategy(
  strategy: AssetLeadSettings['assignmentStrategy'],
  candidates: readonly Candidate[],
  cursor: string | null,
  loads: ReadonlyMap<string, number>,
): Candidate | null {
  const inTurn = rotationAfter(candidates, cursor);
  if (strategy === 'round_robin' || inTurn.length <= 1) return inTurn[0] ?? null;
  const score = (c: Candidate) => {
    const load = loads.get(c.id) ?? 0;
    // weighted: open leads per unit of weight; a weight of 0 or less takes no automatic leads.
    if (strategy === 'weighted') return c.leadWeight > 0 ? load / c.leadWeight : Number.POSITIVE_INFINITY;
    return load;
  };
  let best: Candidate | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of inTurn) {
    const s = score(candidate);
    if (s < bestScore) {
      best = candidate;
      bestScore = s;
    }
  }
  return best;
}

/** Leads each of `ids` received today (the asset's day), for the daily quota. */
export async function receivedToday(
  db: DbTx,
  settings: Pick<AssetLeadSettings, 'timezone'>,
  ids: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const today = datePresetRange(DATE_PRESET.TODAY, now, settings.timezone);
  const counts = await db.leadAssignment.groupBy({
    by: ['agentId'],
    where: { agentId: { in: ids }, assignedAt: { gte: new Date(today.from), lte: now } },
    _count: { _all: true },
  });
  return new Map(counts.map((c) => [c.agentId, c._count._all]));
}

/** Whether the settings pass over agents at their daily quota (quotaAction 'next_agent' with a quota). */
export const passesOverQuota = (settings: Pick<AssetLeadSettings, 'quotaAction' | 'dailyLeadQuota'>) =>
  settings.quotaAction === 'next_agent' && settings.dailyLeadQuota > 0;

/** docs/leads.md 'Lead settings' (quotaAction 'next_agent'): the candidates under their quota, or all of them when none is. */
export function underQuota(candidates: readonly Candidate[], received: ReadonlyMap<string, number>, quota: number): Candidate[] {
  const under = candidates.filter((c) => (received.get(c.id) ?? 0) < quota);
  return under.length ? under : [...candidates];
}

/** chooseByStrategy with the candidates' open leads read now. Call under the asset row lock when the choice is to be used. */
export async function pickByStrategy(
  db: DbTx,
  settings: AssetLeadSettings,
  all: readonly Candidate[],
  cursor: string | null,
  now: Date,
): Promise<Candidate | null> {
  const candidates = passesOverQuota(settings)
    ? underQuota(
        all,
        await receivedToday(
          db,
          settings,
          all.map((c) => c.id),
          now,
        ),
        settings.dailyLeadQuota,
      )
    : all;
  const loads =
    settings.assignmentStrategy === 'round_robin' || candidates.length <= 1
      ? new Map<string, number>()
      : await openLeadCounts(
          db,
          settings.assetId,
          candidates.map((c) => c.id),
        );
  return chooseByStrategy(settings.assignmentStrategy, candidates, cursor, loads);
}

export interface ParentLead {
  id: string;
  leadID: string;
  agent: { id: string; name: string } | null;
}

/** The customer's open lead in the asset that has no parent: a new lead of theirs becomes its child. */
export async function findParentLead(
  db: DbTx,
  assetId: string,
  customerId: string,
  preferredId?: string | null,
): Promise<ParentLead | null> {
  const where = { assetId, customerId, status: LEAD_STATUS.OPEN, parentId: null, deletedAt: null };
  const select = { id: true, leadID: true, agent: { select: { id: true, name: true } } } as const;
  if (preferredId) {
    const preferred = await db.lead.findFirst({ where: { ...where, id: preferredId }, select });
    if (preferred) return preferred;
  }
  return db.lead.findFirst({ where, select, orderBy: [{ dataSourceCreatedAt: 'asc' }, { id: 'asc' }] });
}

/** A manually chosen agent: any enabled member of the asset. */
export async function manualAgent(db: DbTx, assetId: string, agentId: string): Promise<Candidate> {
  const agent = await db.teamMember.findFirst({
    where: { id: agentId, assetId, enabled: true, deletedAt: null },
    select: CANDIDATE_SELECT,
  });
  if (!agent) throw AppError.validation({ agent: [MESSAGES.lead.invalidOption('Agent')] });
  return agent;
}

async function listingAgent(db: DbTx, assetId: string, listingId: string, excludeTestAgents: boolean): Promise<Candidate | null> {
  const listing = await db.listing.findFirst({
    where: { id: listingId, assetId, deletedAt: null },
    select: { agent: { select: { ...CANDIDATE_SELECT, enabled: true, isTest: true, deletedAt: true } } },
  });
  return eligibleListingAgent(listing?.agent, excludeTestAgents);
}

/** Step 2: a listing's agent takes its leads only while enabled, not deleted, and not a test agent when those are excluded. */
export function eligibleListingAgent(
  agent: (Candidate & { enabled: boolean; isTest: boolean; deletedAt: Date | null }) | null | undefined,
  excludeTestAgents: boolean,
): Candidate | null {
  if (!agent?.enabled || (excludeTestAgents && agent.isTest) || agent.deletedAt) return null;
  return { id: agent.id, name: agent.name, leadWeight: agent.leadWeight, officeName: agent.officeName };
}

export interface RoutingInput {
  assetId: string;
  customerId?: string | null;
  listingId?: string | null;
  projectId?: string | null;
  /** A parent the caller already knows (initial-agent's parentId); checked like any other. */
  parentId?: string | null;
  /** Manual assignment: this agent. */
  manualAgentId?: string | null;
  /** The asset's lead setting (docs/leads.md 'Lead settings'). */
  excludeTestAgents: boolean;
}

/** Either a decided agent, or the candidates the strategy must choose from. */
export type RoutingStep =
  | { kind: 'decided'; agent: Candidate | null; parent: ParentLead | null; reason: LeadAssignmentReason }
  | { kind: 'strategy'; candidates: Candidate[]; parent: ParentLead | null };

/** Steps 1-5 up to the strategy choice (which create makes under the asset lock). */
export async function routeLead(db: DbTx, input: RoutingInput): Promise<RoutingStep> {
  const parent = input.customerId ? await findParentLead(db, input.assetId, input.customerId, input.parentId) : null;
  if (parent?.agent) {
    // A parent whose agent was disabled since does not strand the child with them: it is routed as usual.
    const agent = await db.teamMember.findFirst({
      where: { id: parent.agent.id, enabled: true, deletedAt: null },
      select: CANDIDATE_SELECT,
    });
    if (agent) return { kind: 'decided', agent, parent, reason: LEAD_ASSIGNMENT_REASON.PARENT };
  }
  if (input.manualAgentId) {
    return {
      kind: 'decided',
      agent: await manualAgent(db, input.assetId, input.manualAgentId),
      parent,
      reason: LEAD_ASSIGNMENT_REASON.MANUAL,
    };
  }
  if (input.listingId) {
    const agent = await listingAgent(db, input.assetId, input.listingId, input.excludeTestAgents);
    if (agent) return { kind: 'decided', agent, parent, reason: LEAD_ASSIGNMENT_REASON.AUTO };
  }
  if (input.projectId) {
    const projectAgents = await eligibleMembers(db, input.assetId, input.excludeTestAgents, input.projectId);
    if (projectAgents.length) return { kind: 'strategy', candidates: projectAgents, parent };
  }
  return { kind: 'strategy', candidates: await eligibleMembers(db, input.assetId, input.excludeTestAgents), parent };
}

/** docs/leads.md 'Lead settings' (dailyLeadQuota): over it the lead is still assigned, with this warning. */
export async function quotaWarning(
  db: DbTx,
  settings: AssetLeadSettings,
  agent: Pick<Candidate, 'id' | 'name'> | null,
  now: Date,
): Promise<string | null> {
  if (!agent || settings.dailyLeadQuota <= 0) return null;
  const today = datePresetRange(DATE_PRESET.TODAY, now, settings.timezone);
  const received = await db.leadAssignment.count({ where: { agentId: agent.id, assignedAt: { gte: new Date(today.from), lte: now } } });
  return quotaMessage(settings, agent, received);
}

/** The warning for an agent who has already received `received` leads today, or null. */
export function quotaMessage(
  settings: Pick<AssetLeadSettings, 'dailyLeadQuota'>,
  agent: Pick<Candidate, 'name'>,
  received: number,
): string | null {
  return settings.dailyLeadQuota > 0 && received >= settings.dailyLeadQuota
    ? LEAD_ENGINE_MESSAGES.quotaReached(agent.name, settings.dailyLeadQuota)
    : null;
}
