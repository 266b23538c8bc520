import { LEAD_STATUS, MESSAGES } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import { CANDIDATE_SELECT, ELIGIBLE_MEMBER, eligibleListingAgent, type Candidate } from './lead-routing.service.js';
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
export async function readReferenceFacts(db: DbTx, assetId: string, batch: readonly NewLead[]): Promise<Omit<RoutingFacts, 'customers' | 'parents'>> {
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
    referrerIds.length ? db.teamMember.findMany({ where: { id: { in: referrerIds }, assetId, deletedAt: null }, select: { id: true } }) : [],
    manualIds.length ? db.teamMember.findMany({ where: { id: { in: manualIds }, assetId, enabled: true, deletedAt: null }, select: CANDIDATE_SELECT }) : [],
    db.teamMember.findMany({
      where: { assetId, ...ELIGIBLE_MEMBER },
      select: { ...CANDIDATE_SELECT, ...(projectIds.length ? { projects: { where: { id: { in: projectIds } }, select: { id: true } } } : {}) },
    }),
  ]);
  return {
    listings: new Map(listings.map((l) => [l.id, eligibleListingAgent(l.agent)])),
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

/**
 * The batch's customers, locked in id order (no deadlock between two batches) so the parent/child decision
 * holds until commit, and each one's open leads without a parent.
 */
export async function readLockedFacts(tx: DbTx, assetId: string, batch: readonly NewLead[]): Promise<Pick<RoutingFacts, 'customers' | 'parents'>> {
  const customerIds = unique(batch.map((lead) => lead.payload.customer)).sort();
  const customerRows = customerIds.length
    ? await tx.$queryRaw<{ id: string; type: string }[]>`
        SELECT id, type FROM "Customer" WHERE id = ANY(${customerIds}::uuid[]) AND "assetId" = ${assetId}::uuid AND "deletedAt" IS NULL
        ORDER BY id FOR UPDATE`
    : [];
  const parentRows = customerRows.length
    ? await tx.lead.findMany({
        where: { assetId, customerId: { in: customerRows.map((c) => c.id) }, status: LEAD_STATUS.OPEN, parentId: null, deletedAt: null },
        select: { id: true, customerId: true, agent: { select: CANDIDATE_SELECT } },
        orderBy: [{ dataSourceCreatedAt: 'asc' }, { id: 'asc' }],
      })
    : [];
  const parents = new Map<string, { id: string; agent: Candidate | null }[]>();
  for (const row of parentRows) {
    const list = parents.get(row.customerId ?? '') ?? [];
    list.push({ id: row.id, agent: row.agent });
    parents.set(row.customerId ?? '', list);
  }
  return { customers: new Map(customerRows.map((c) => [c.id, c])), parents };
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

