import { deriveSlaStage, leadContract, MESSAGES, PERMISSIONS, UUID_PATTERN, type LeadRecord, type PopulateItem } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import { planSelect, type SelectPlan } from '../../resources/query-plan.js';
import { actorCan } from '../../core/authorization.js';
import { asContractRecord, serializeRow } from '../../resources/resource-serializer.js';
import type { Row } from '../../resources/resource.types.js';
import { leadResource } from './lead.resource.js';
import type { Prisma } from '../../generated/prisma/client.js';

// A lead as the API answers it: the same fields and populates as the generic read side (lead.resource.ts),
// so `POST create`, `PATCH cms/{id}` and `GET {id}` agree, plus what the Leads screens derive (SLA stage).

/** The update page's populates: listings' reference, agent, customer, project, parent, review. */
export const LEAD_RECORD_POPULATE: PopulateItem[] = [
  { path: 'listing', select: ['reference'] },
  { path: 'agent' },
  { path: 'customer' },
  { path: 'project' },
  { path: 'parent' },
  { path: 'referredBy' },
  { path: 'review' },
];

export function leadRecordPlan(actor: Actor, assetId: string, populate: PopulateItem[] = LEAD_RECORD_POPULATE): SelectPlan {
  const access = { actor, assetId, sensitive: actorCan(actor, [PERMISSIONS.VIEW_SENSITIVE_INFORMATION]) };
  return planSelect(leadResource, { populate }, access);
}

export function toLeadRecord(row: Row, plan: SelectPlan, now: Date): LeadRecord {
  const record = serializeRow(row, plan);
  const listing = record.listing;
  return asContractRecord(leadContract, {
    ...record,
    _id: String(row.id),
    // The list field is `listings` (an array), as the browser reads it; one listing per lead here.
    listings: listing && typeof listing === 'object' ? [listing] : [],
    slaStage: deriveSlaStage(
      {
        initialSlaEndDate: row.initialSlaEndDate as Date | null,
        freePoolSlaEndDate: row.freePoolSlaEndDate as Date | null,
        isAssignedFromLeadPool: row.isAssignedFromLeadPool as boolean,
        isAccepted: row.isAccepted as boolean,
        acceptedAt: row.acceptedAt as Date | null,
      },
      now,
    ),
  });
}

/** One lead of the asset as a record; another asset's lead (or a deleted one) is 'Lead does not exists'. */
export async function readLeadRecord(db: DbTx, actor: Actor, assetId: string, id: string, now: Date): Promise<LeadRecord> {
  assertLeadId(id);
  const plan = leadRecordPlan(actor, assetId);
  const row = await db.lead.findFirst({ where: { id, assetId, deletedAt: null }, select: plan.select as Prisma.LeadSelect });
  if (!row) throw AppError.notFound(MESSAGES.lead.notFound);
  return toLeadRecord(row as Row, plan, now);
}

/**
 * Several leads of the asset as records, each as its caller may see it (grouped by what they may see, one
 * query per group). Missing ids are absent from the answer.
 */
export async function readLeadRecords(
  db: DbTx,
  assetId: string,
  wanted: readonly { actor: Actor; id: string }[],
  now: Date,
): Promise<Map<string, LeadRecord>> {
  const groups = new Map<boolean, { plan: SelectPlan; ids: string[] }>();
  for (const { actor, id } of wanted) {
    const sensitive = actorCan(actor, [PERMISSIONS.VIEW_SENSITIVE_INFORMATION]);
    let group = groups.get(sensitive);
    if (!group) {
      group = { plan: leadRecordPlan(actor, assetId), ids: [] };
      groups.set(sensitive, group);
    }
    group.ids.push(id);
  }
  const records = new Map<string, LeadRecord>();
  for (const { plan, ids } of groups.values()) {
    const rows = await db.lead.findMany({ where: { id: { in: ids }, assetId, deletedAt: null }, select: plan.select as Prisma.LeadSelect });
    for (const row of rows) records.set(String(row.id), toLeadRecord(row as Row, plan, now));
  }
  return records;
}

/** A path id that is not a uuid names no lead: 404, never a database error. */
export function assertLeadId(id: string): void {
  if (!UUID_PATTERN.test(id)) throw AppError.notFound(MESSAGES.lead.notFound);
}
