import { LEAD_STATUS, MESSAGES } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import { CANDIDATE_SELECT, eligibleListingAgent, eligibleMemberWhere, type Candidate } from './lead-routing.service.js';
import { payloadColumns } from './lead-write.helpers.js';
import type { NewLead } from './lead-intake.service.js';

// What a batch of new leads needs for routing (lead-intake.service.ts), read once for all of them: references
// and agents outside the transaction, the customers (locked) and their parent leads inside it.

/** What the batch's routing needs, read once for all its leads. */
export interface RoutingFacts {
  customers: Map<string, { id: string; type: string }>;
  listings: Map<string, Candidate | null>;
  projects: Set<string>;
  referrers: Set<string>;
  /** Each customer's open leads without a parent, oldest first. */
  parents: Map<string, { id: string; agent: Candidate | null }[]>;
  manualAgents: Map<string, Candidate>;
  /** Eligible members (sorted by id) with the projects each works on. */
  eligible: (Candidate & { projectIds: Set<string> })[];
}

export const unique = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => Boolean(id)))];

/** The references and agents of the batch's leads: read outside the transaction (they take no lock). */
export async function readReferenceFacts(
  db: DbTx,
  assetId: string,
  batch: readonly NewLead[],
  excludeTestAgents: boolean,
): Promise<Omit<RoutingFacts, 'customers' | 'parents'>> {
  const columns = batch.map((lead) => payloadColumns(lead.payload));
  const listingIds = unique(columns.map((c) => c.listingId));
  const projectIds = unique(columns.map((c) => c.projectId));
  const referrerIds = unique(columns.map((c) => c.referredById));
  const manualIds = unique(batch.map((lead) => (lead.payload.isManualAssignment ? lead.payload.agent : null)));
  const [listings, projects, referrers, manualAgents, eligible] = await Promise.all([
    listingIds.length
      ? db.listing.findMany({
          where: { id: { in: listingIds }, assetId, deletedAt: null },
          select: { id: true, agent: { select: { ...CANDIDATE_SELECT, enabled: true, isTest: true, deletedAt: true } } },
        })
      : [],
    projectIds.length ? db.project.findMany({ where: { id: { in: projectIds }, assetId, deletedAt: null }, select: { id: true } }) : [],
    referrerIds.length
      ? db.teamMember.findMany({ where: { id: { in: referrerIds }, assetId, deletedAt: null }, select: { id: true } })
      : [],
    manualIds.length
      ? db.teamMember.findMany({ where: { id: { in: manualIds }, assetId, enabled: true, deletedAt: null }, select: CANDIDATE_SELECT })
      : [],
    db.teamMember.findMany({
      where: { assetId, ...eligibleMemberWhere(excludeTestAgents) },
      select: {
        ...CANDIDATE_SELECT,
        ...(projectIds.length ? { projects: { where: { id: { in: projectIds } }, select: { id: true } } } : {}),
      },
    }),
  ]);
  return {
    listings: new Map(listings.map((l) => [l.id, eligibleListingAgent(l.agent, excludeTestAgents)])),
    projects: new Set(projects.map((p) => p.id)),
    referrers: new Set(referrers.map((r) => r.id)),
    manualAgents: new Map(manualAgents.map((a) => [a.id, a])),
    eligible: eligible
      .map((m) => ({
        id: m.id,
        name: m.name,
        leadWeight: m.leadWeight,
        officeName: m.officeName,
        projectIds: new Set(('projects' in m ? (m.projects as { id: string }[]) : []).map((p) => p.id)),
      }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  };
}

/** The asset's row as the batch found it under its lock: where the leadID sequence and the rotation stand. */
export interface AssetTurn {
  leadSequence: number;
  roundRobinCursor: string | null;
}

/**
 * Inside the transaction, in two statements: the batch's customers, locked in id order (no deadlock between two
 * batches) so the parent/child decision holds until commit; then the asset's row lock (held to commit: the
 * sequence and the rotation advance one lead at a time) together with each customer's open leads without a
 * parent. The second statement's snapshot may predate a wait for the asset lock, but a batch holding that lock
 * cannot be adding leads for these customers: it would hold their locks, and the first statement waited for them.
 */
export async function readLockedFacts(
  tx: DbTx,
  assetId: string,
  batch: readonly NewLead[],
): Promise<Pick<RoutingFacts, 'customers' | 'parents'> & { turn: AssetTurn }> {
  const customerIds = unique(batch.map((lead) => lead.payload.customer)).sort();
  const customerRows = customerIds.length
    ? await tx.$queryRaw<{ id: string; type: string }[]>`
        SELECT id, type FROM "Customer" WHERE id = ANY(${customerIds}::uuid[]) AND "assetId" = ${assetId}::uuid AND "deletedAt" IS NULL
        ORDER BY id FOR UPDATE`
    : [];
  const [row] = await tx.$queryRaw<{ turn: AssetTurn | null; parents: ParentRow[] }[]>`
    WITH turn AS MATERIALIZED (
      SELECT "leadSequence", "roundRobinCursor" FROM "Asset" WHERE id = ${assetId}::uuid FOR UPDATE
    )
    SELECT
      (SELECT json_build_object('leadSequence', "leadSequence", 'roundRobinCursor', "roundRobinCursor") FROM turn) AS turn,
      COALESCE((
        SELECT json_agg(json_build_object(
          'id', l.id, 'customerId', l."customerId",
          'agent', CASE WHEN a.id IS NULL OR NOT a.enabled OR a."deletedAt" IS NOT NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.name, 'leadWeight', a."leadWeight", 'officeName', a."officeName") END
        ) ORDER BY l."dataSourceCreatedAt", l.id)
        FROM "Lead" l LEFT JOIN "TeamMember" a ON a.id = l."agentId"
        WHERE l."assetId" = ${assetId}::uuid AND l."customerId" = ANY(${customerRows.map((c) => c.id)}::uuid[])
          AND l.status = ${LEAD_STATUS.OPEN} AND l."parentId" IS NULL AND l."deletedAt" IS NULL
      ), '[]'::json) AS parents`;
  if (!row?.turn) throw AppError.notFound('Asset not found');
  const parents = new Map<string, { id: string; agent: Candidate | null }[]>();
  for (const parent of row.parents) {
    const list = parents.get(parent.customerId) ?? [];
    list.push({ id: parent.id, agent: parent.agent });
    parents.set(parent.customerId, list);
  }
  return { customers: new Map(customerRows.map((c) => [c.id, c])), parents, turn: row.turn };
}

interface ParentRow {
  id: string;
  customerId: string;
  agent: Candidate | null;
}

/** Listing, project, referrer and customer must belong to the asset: the lead's own 400, naming each field. */
export function referenceErrors(facts: RoutingFacts, lead: NewLead, columns: ReturnType<typeof payloadColumns>): AppError | null {
  if (!facts.customers.has(lead.payload.customer)) return AppError.validation({ customer: [MESSAGES.lead.invalidOption('Customer')] });
  const fields: Record<string, string[]> = {};
  if (columns.listingId && !facts.listings.has(columns.listingId)) fields.listing = [MESSAGES.lead.invalidOption('Listing')];
  if (columns.projectId && !facts.projects.has(columns.projectId)) fields.campaignName = [MESSAGES.lead.invalidOption('Project')];
  if (columns.referredById && !facts.referrers.has(columns.referredById)) fields.referredBy = [MESSAGES.lead.invalidOption('Referred By')];
  return Object.keys(fields).length ? AppError.validation(fields) : null;
}
