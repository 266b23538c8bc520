import { LEAD_ASSIGNMENT_REASON, MEMBER_CALL_PERMISSIONS, MemberStatisticsQuerySchema, roundTwo, type BrokerStatistics } from '@crm/domain';
import { memberAsset, parse, type MemberCall } from './member-bulk.service.js';

// The Brokers report (/reports/better-agent): per member of the asset, over a range of assignment times, the leads
// given to them, accepted, claimed from the pool, lapsed to a manager, their mean response time and their ratings.
// Test agents are included (the report's readers filter them by name); deleted members are not.

interface BrokerRow {
  id: string;
  name: string;
  officeName: string | null;
  enabled: boolean;
  isTest: boolean;
  reportedToId: string | null;
  assigned: bigint;
  accepted: bigint;
  claimed: bigint;
  escalated: bigint;
  escalatedToThem: bigint;
  response: number | null;
  ratingSum: bigint | null;
  ratingCount: bigint;
}

/** GET teams/members/statistics/better-agent?from&to. */
export async function brokerStatistics(call: MemberCall, query: unknown): Promise<BrokerStatistics> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.brokers);
  const input = parse(MemberStatisticsQuerySchema, query);
  const from = input.from ? new Date(input.from) : null;
  const to = input.to ? new Date(input.to) : null;
  const rows = await call.deps.db.$queryRaw<BrokerRow[]>`
    WITH work AS (
      SELECT a."agentId",
        count(*) AS assigned,
        count(a."acceptedAt") AS accepted,
        count(*) FILTER (WHERE a.reason = ${LEAD_ASSIGNMENT_REASON.POOL_CLAIM}) AS claimed,
        count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM "LeadAssignment" later
          WHERE later."leadId" = a."leadId" AND later."assignedAt" > a."assignedAt" AND later.reason = ${LEAD_ASSIGNMENT_REASON.POOL_EXPIRED}
        ) AND a."acceptedAt" IS NULL) AS escalated,
        count(*) FILTER (WHERE a.reason = ${LEAD_ASSIGNMENT_REASON.POOL_EXPIRED}) AS "escalatedToThem",
        avg(a."responseMinutes") AS response
      FROM "LeadAssignment" a JOIN "Lead" l ON l.id = a."leadId" AND l."assetId" = ${assetId}::uuid AND l."deletedAt" IS NULL
      WHERE (${from}::timestamp IS NULL OR a."assignedAt" >= ${from}::timestamp)
        AND (${to}::timestamp IS NULL OR a."assignedAt" <= ${to}::timestamp)
      GROUP BY a."agentId"
    ), rated AS (
      SELECT r."memberId", sum(r.rating) AS "ratingSum", count(*) AS "ratingCount"
      FROM "MemberRating" r
      WHERE r."assetId" = ${assetId}::uuid AND r."deletedAt" IS NULL AND r.hidden = false
        AND (${from}::timestamp IS NULL OR r."ratedAt" >= ${from}::timestamp)
        AND (${to}::timestamp IS NULL OR r."ratedAt" <= ${to}::timestamp)
      GROUP BY r."memberId"
    )
    SELECT m.id, m.name, m."officeName", m.enabled, m."isTest", m."reportedToId",
      COALESCE(w.assigned, 0) AS assigned, COALESCE(w.accepted, 0) AS accepted, COALESCE(w.claimed, 0) AS claimed,
      COALESCE(w.escalated, 0) AS escalated, COALESCE(w."escalatedToThem", 0) AS "escalatedToThem", w.response, r."ratingSum", COALESCE(r."ratingCount", 0) AS "ratingCount"
    FROM "TeamMember" m
    LEFT JOIN work w ON w."agentId" = m.id
    LEFT JOIN rated r ON r."memberId" = m.id
    WHERE m."assetId" = ${assetId}::uuid AND m."deletedAt" IS NULL
    ORDER BY m.name, m.id`;
  return {
    agents: rows.map((row) => {
      const ratingCount = Number(row.ratingCount);
      return {
        member: {
          _id: row.id,
          name: row.name,
          officeName: row.officeName,
          enabled: row.enabled,
          isTest: row.isTest,
          reportedTo: row.reportedToId,
        },
        leadsAssigned: Number(row.assigned),
        leadsAccepted: Number(row.accepted),
        claimedFromPool: Number(row.claimed),
        escalated: Number(row.escalated),
        escalatedToThem: Number(row.escalatedToThem),
        averageResponseTime: row.response === null ? null : roundTwo(Number(row.response)),
        ratingAverage: ratingCount ? roundTwo(Number(row.ratingSum ?? 0) / ratingCount) : null,
        ratingCount,
      };
    }),
  };
}
