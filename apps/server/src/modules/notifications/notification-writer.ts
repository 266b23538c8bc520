import { LEAD_ASSIGNMENT_REASON, type StaffNotificationKind } from '@crm/domain';
import type { DbTx } from '../../db/prisma.js';

// Where the lead engine raises staff notifications (docs/product.md 'Notifications'), inside the transaction of the
// change itself: a rolled-back assignment notifies nobody, and the database signals the bell on commit
// (the StaffNotification trigger, notification-stream.ts). One SQL statement each: a pool entry notifies every agent
// who may claim the lead without a round trip per person.

/** Who may claim from the pool (lead-routing.service.ts ELIGIBLE_MEMBER), as SQL over "TeamMember" tm. */
const ELIGIBLE_MEMBER_SQL = `tm.enabled AND NOT tm."isTest" AND tm."isLeadProcessEnabled" AND tm."deletedAt" IS NULL`;

/** The kind a new owner hears of: an escalation from the pool, else an assignment. */
export function ownerNotificationKind(reason: string): StaffNotificationKind {
  return reason === LEAD_ASSIGNMENT_REASON.POOL_EXPIRED ? 'leadEscalated' : 'leadAssigned';
}

/**
 * The lead's new owner hears of it, unless they made the change themselves (an agent claiming a pool lead) or
 * have no sign-in.
 */
export async function notifyLeadOwner(
  tx: DbTx,
  lead: { leadId: string; agentId: string; reason: string; byUserId: string | null },
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "StaffNotification" (id, "companyId", "assetId", "userId", kind, "leadId")
    SELECT gen_random_uuid(), l."companyId", l."assetId", tm."userId", ${ownerNotificationKind(lead.reason)}, l.id
    FROM "Lead" l JOIN "TeamMember" tm ON tm.id = ${lead.agentId}::uuid
    WHERE l.id = ${lead.leadId}::uuid AND tm."userId" IS NOT NULL AND tm."userId" IS DISTINCT FROM ${lead.byUserId}::uuid`;
}

/** A lead entered the pool: every agent of its asset who may claim it hears of it, its last owner included. */
export async function notifyLeadInPool(tx: DbTx, leadId: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO "StaffNotification" (id, "companyId", "assetId", "userId", kind, "leadId")
     SELECT gen_random_uuid(), l."companyId", l."assetId", tm."userId", 'leadEnteredPool', l.id
     FROM "Lead" l JOIN "TeamMember" tm ON tm."assetId" = l."assetId"
     WHERE l.id = $1::uuid AND tm."userId" IS NOT NULL AND ${ELIGIBLE_MEMBER_SQL}`,
    leadId,
  );
}

/**
 * New leads' first owners, as one CTE of the lead intake's statement (lead-writer.ts insertLeads): `history` holds
 * (leadId, agentId, userId of the creator). A creator who took the lead themselves is not told.
 */
export const NEW_LEAD_NOTIFICATIONS_CTE = `notified AS (
       INSERT INTO "StaffNotification" (id, "companyId", "assetId", "userId", kind, "leadId")
       SELECT gen_random_uuid(), tm."companyId", tm."assetId", tm."userId", 'leadAssigned', h."leadId"
       FROM history h JOIN "TeamMember" tm ON tm.id = h."agentId"
       WHERE tm."userId" IS NOT NULL AND tm."userId" IS DISTINCT FROM h."userId"
     )`;
