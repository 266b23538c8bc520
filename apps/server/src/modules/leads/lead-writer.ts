import { type LeadEvent, type LeadAssignmentReason, leadContract, leadEventText } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import type { Lead, Prisma } from '../../generated/prisma/client.js';
import { NEW_LEAD_NOTIFICATIONS_CTE, notifyLeadInPool, notifyLeadOwner } from '../notifications/index.js';
import { recordActivity } from '../../resources/activity-log.js';
import { outboxInsertCte, type RecordedEvents, recordEvents } from '../../core/events/domain-event-outbox.js';
import { eventUserOf, leadChangeEvents } from './lead-events.js';
import { checkedCustomFields, customFieldRules, customFieldsOutcome } from '../../resources/custom-field-rules.js';

// Every write to a lead goes through this module, whatever called it (the form's create and update through REST or
// tRPC, stage changes, accept and claim, the SLA clock): new leads in one batched statement (`insertLeads`, lead
// intake), every later change through `changeLead`. Here, and only here, a write stamps the latest activity, its
// time and its author, and a change of owner or stage writes the lead's assignment or stage history. The staff
// notifications of a change (a new owner, a lead entering the pool) are raised here too, in the same transaction.
// And here the lead's custom field values are checked against the asset's lead definitions (`leadCustomFields`).

/** Who made a change: a person (or an API key), or the system (the SLA clock, integrations: null). */
export type LeadAuthor = (Pick<Actor, 'userId' | 'fullName'> & Partial<Pick<Actor, 'apiKeyId'>>) | null;

/** A new owner: the lead moves to them, and its assignment history gets the row. */
export interface LeadOwner {
  id: string;
  officeName: string | null;
  reason: LeadAssignmentReason;
}

export interface LeadChange {
  event: LeadEvent;
  /** The lead's own columns that change (never the stamps below). */
  columns?: Omit<
    Prisma.LeadUncheckedUpdateInput,
    'latestActivity' | 'lastActivityAt' | 'updatedById' | 'updatedByName' | 'agentId' | 'stage' | 'status'
  >;
  owner?: LeadOwner;
  /** A new stage and status: the lead's stage history gets the row. */
  stage?: { stage: string; status: string };
  by: LeadAuthor;
  now: Date;
}

/** The owner's columns of a lead assigned at `now`. */
export function ownerColumns(owner: Pick<LeadOwner, 'id' | 'officeName'>, now: Date) {
  return { agentId: owner.id, officeName: owner.officeName, agentAssignedAt: now };
}

/** The stamps every write carries: the activity line and time, and who wrote (a system change names nobody). */
export function activityStamps(event: LeadEvent, by: LeadAuthor, now: Date) {
  return {
    latestActivity: leadEventText(event),
    lastActivityAt: now,
    ...(by ? { updatedById: by.userId, updatedByName: by.fullName } : {}),
  };
}

/** What the lead's events read of it before a change, besides the changed columns. */
const EVENT_COLUMNS = ['companyId', 'assetId', 'customerId', 'agentId', 'stage', 'status'];

type Selected<S> = S extends Prisma.LeadSelect ? Prisma.LeadGetPayload<{ select: S }> : Lead;

/** One change to a lead whose row the caller has locked (or just created), in the caller's transaction. */
export async function changeLead<S extends Prisma.LeadSelect | undefined = undefined>(
  tx: DbTx,
  leadId: string,
  change: LeadChange,
  select?: S,
): Promise<Selected<S>> {
  if (change.owner) {
    await tx.leadAssignment.create({ data: { leadId, agentId: change.owner.id, reason: change.owner.reason, assignedAt: change.now } });
  }
  if (change.stage) {
    await tx.leadStageChange.create({
      data: {
        leadId,
        stage: change.stage.stage,
        status: change.stage.status,
        changedAt: change.now,
        changedById: change.by?.userId ?? null,
      },
    });
  }
  const columns = { ...change.columns };
  if (columns.customFields !== undefined) {
    const stored = await tx.lead.findUniqueOrThrow({ where: { id: leadId }, select: { assetId: true, customFields: true } });
    columns.customFields = await checkedCustomFields(
      tx,
      { assetId: stored.assetId, kind: 'lead' },
      columns.customFields,
      stored.customFields,
    );
  }
  const data = {
    ...columns,
    ...change.stage,
    ...(change.owner ? ownerColumns(change.owner, change.now) : {}),
    ...activityStamps(change.event, change.by, change.now),
  };
  // The activity log (docs/architecture.md 'The activity log'): the changed columns' values before and after; the
  // lead's events (lead-events.ts) also need who owned it and its stage before.
  const columnsRead = Object.fromEntries([...Object.keys(data), ...EVENT_COLUMNS].map((key) => [key, true]));
  const before = (await tx.lead.findUnique({ where: { id: leadId }, select: columnsRead })) as Record<string, unknown> | null;
  const updated = await tx.lead.update({ where: { id: leadId }, data, ...(select ? { select } : {}) });
  if (change.owner)
    await notifyLeadOwner(tx, { leadId, agentId: change.owner.id, reason: change.owner.reason, byUserId: change.by?.userId ?? null });
  if (change.event.kind === 'enteredPool') await notifyLeadInPool(tx, leadId);
  if (before) {
    const { companyId, assetId } = before;
    const previous = Object.fromEntries(Object.entries(before).filter(([key]) => Object.hasOwn(data, key)));
    await recordEvents(
      tx,
      leadChangeEvents({
        leadId,
        companyId: String(companyId),
        assetId: String(assetId),
        customerId: String(before.customerId),
        previous: { agentId: (before.agentId as string | null) ?? null, stage: String(before.stage), status: String(before.status) },
        ...(change.owner ? { owner: { id: change.owner.id, reason: change.owner.reason } } : {}),
        ...(change.stage ? { stage: change.stage } : {}),
        accepted: change.event.kind === 'accepted',
        userId: eventUserOf(change.by),
        now: change.now,
      }),
      change.now,
    );
    await recordActivity(
      tx,
      [
        {
          userId: change.by?.userId ?? null,
          companyId: String(companyId),
          assetId: String(assetId),
          action: 'update',
          subjectType: leadContract.name,
          subjectId: leadId,
          before: previous,
          after: data,
        },
      ],
      change.now,
    );
  }
  return updated as Selected<S>;
}

/** The first assignment and stage rows of a new lead (its history starts with its creation). */
export interface NewLeadHistory {
  assignmentId: string;
  stageChangeId: string;
  leadId: string;
  agentId: string;
  reason: LeadAssignmentReason;
  stage: string;
  status: string;
  userId: string | null;
}

/**
 * New leads of one asset in one statement: the leads (one JSON parameter; Prisma's createMany compiles a new
 * query for every batch size and maps each value), their first history rows, and the asset's lead sequence and
 * rotation. Timestamps go as ISO text, which the zoneless UTC columns take as their UTC wall time. Each row
 * carries `activityStamps({ kind: 'created' }, ...)` and `ownerColumns(...)` (lead intake builds them).
 */
export async function insertLeads(
  tx: DbTx,
  write: {
    assetId: string;
    rows: Prisma.LeadCreateManyInput[];
    history: readonly NewLeadHistory[];
    now: Date;
    leadSequence: number;
    cursor: string | null;
    /** Their lead.created events (outboxRows), inserted by the same statement. */
    events: RecordedEvents;
  },
): Promise<void> {
  // Lead intake checks each lead's values first (`leadCustomFields`), so one bad lead fails alone; this is the guard.
  const rules = await customFieldRules(tx, write.assetId, 'lead');
  const rows = write.rows.map((row) => {
    const values = customFieldsOutcome(rules, row.customFields);
    if (values instanceof AppError) throw values;
    return { ...row, customFields: values, updatedAt: write.now };
  });
  const columns = Object.keys(rows[0] ?? {})
    .map((name) => `"${name.replaceAll('"', '')}"`)
    .join(', ');
  await tx.$executeRawUnsafe(
    `WITH leads AS (
       INSERT INTO "Lead" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"Lead", $1::json) RETURNING id
     ), history AS (
       SELECT h.* FROM json_to_recordset($2::json) AS h("assignmentId" uuid, "stageChangeId" uuid, "leadId" uuid, "agentId" uuid, reason text, stage text, status text, "userId" uuid)
       JOIN leads ON leads.id = h."leadId"
     ), assignment AS (
       INSERT INTO "LeadAssignment" (id, "leadId", "agentId", reason, "assignedAt")
       SELECT "assignmentId", "leadId", "agentId", reason, $3::timestamptz AT TIME ZONE 'UTC' FROM history
     ), stage AS (
       INSERT INTO "LeadStageChange" (id, "leadId", stage, status, "changedAt", "changedById")
       SELECT "stageChangeId", "leadId", stage, status, $3::timestamptz AT TIME ZONE 'UTC', "userId" FROM history
     ), ${outboxInsertCte(7)}, ${NEW_LEAD_NOTIFICATIONS_CTE}
     UPDATE "Asset" SET "leadSequence" = $4, "roundRobinCursor" = $5::uuid WHERE id = $6::uuid`,
    JSON.stringify(rows),
    JSON.stringify(write.history),
    write.now.toISOString(),
    write.leadSequence,
    write.cursor,
    write.assetId,
    JSON.stringify(write.events),
  );
  // The activity log: one 'create' row per new lead, in the same transaction.
  await recordActivity(
    tx,
    write.rows.map((row) => ({
      userId: row.creatorId ?? null,
      companyId: row.companyId,
      assetId: write.assetId,
      action: 'create' as const,
      subjectType: leadContract.name,
      subjectId: row.id ?? '',
      after: row,
    })),
    write.now,
  );
}

/** The asset's lead custom fields, read once for a batch of new leads. */
export function leadCustomFieldRules(tx: DbTx, assetId: string) {
  return customFieldRules(tx, assetId, 'lead');
}

/** A new lead's custom field values checked against its asset's definitions: the values, or the 400 to answer. */
export function leadCustomFields(rules: Awaited<ReturnType<typeof leadCustomFieldRules>>, values: unknown) {
  return customFieldsOutcome(rules, values);
}
