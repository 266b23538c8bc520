import type { z } from 'zod';
import {
  type BrokerStatisticsQuerySchema,
  LEAD_ASSIGNMENT_REASON,
  MEMBER_CALL_PERMISSIONS,
  roundTwo,
  type BrokerStatistics,
} from '@crm/domain';
import { memberAsset, type MemberCall } from './member-bulk.service.js';

// The Brokers report (/reports/better-agent): per member of the asset, over a range of assignment times, the leads
// given to them, accepted, claimed from the pool, lapsed to a manager, their mean response time and their ratings.
// Test agents are left out unless asked for (the screens' 'Exclude Test Agents', Yes by default), and so are their
// figures in the Managers and Offices reports, which add these rows up; deleted members are never in it.

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
  responseSum: number | null;
  responseCount: bigint | null;
  ratingSum: bigint | null;
  ratingCount: bigint;
  dealsWon: bigint;
  dealsWonValue: string;
}

const DAY = 86_400_000;
/** Bounds standing for 'no bound' (plain comparisons keep the plans index-friendly, unlike `x IS NULL OR ...`). */
const EARLIEST = new Date(Date.UTC(1970, 0, 1));
const LATEST = new Date(Date.UTC(9999, 11, 31));

interface Span {
  from: Date;
  to: Date;
}
const NONE: Span = { from: EARLIEST, to: EARLIEST };
const monthStart = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));

/**
 * A range of assignment times (both ends inclusive, either open) as the whole UTC months read from the per-month
 * figures, the whole days around them from the per-day figures, and up to two partial days at its ends read from the
 * assignments themselves; every span is [from, to).
 */
export function figureRanges(from: Date | null, to: Date | null): { months: Span; days: [Span, Span]; raw: [Span, Span] } {
  const start = from ?? EARLIEST;
  const stop = to ? new Date(to.getTime() + 1) : LATEST;
  const firstDay = new Date(Math.ceil(start.getTime() / DAY) * DAY);
  const endDay = new Date(Math.floor(stop.getTime() / DAY) * DAY);
  if (firstDay >= endDay) return { months: NONE, days: [NONE, NONE], raw: [{ from: start, to: stop }, NONE] };
  const raw: [Span, Span] = [
    { from: start, to: firstDay },
    { from: endDay, to: stop },
  ];
  const firstMonthDay = monthStart(firstDay);
  const firstMonth =
    firstMonthDay.getTime() === firstDay.getTime()
      ? firstDay
      : new Date(Date.UTC(firstDay.getUTCFullYear(), firstDay.getUTCMonth() + 1, 1));
  const endMonth = monthStart(endDay);
  if (firstMonth >= endMonth) return { months: NONE, days: [{ from: firstDay, to: endDay }, NONE], raw };
  return {
    months: { from: firstMonth, to: endMonth },
    days: [
      { from: firstDay, to: firstMonth },
      { from: endMonth, to: endDay },
    ],
    raw,
  };
}

/** Which members the report lists: test agents or not, one department's or all. */
export interface BrokerFilters {
  /** Default true: test agents are left out. */
  excludeTestAgents?: boolean;
  department?: string | null;
}

/** GET teams/members/statistics/better-agent?from&to&excludeTestAgents&department. */
export async function brokerStatistics(call: MemberCall, input: z.output<typeof BrokerStatisticsQuerySchema>): Promise<BrokerStatistics> {
  const assetId = memberAsset(call, MEMBER_CALL_PERMISSIONS.brokers);
  return brokerFigures(call.deps.db, assetId, input.from ? new Date(input.from) : null, input.to ? new Date(input.to) : null, {
    excludeTestAgents: input.excludeTestAgents === 'true',
    department: input.department ?? null,
  });
}

/** The Brokers report of an asset over a range of assignment times (the bench reads it without a request). */
export async function brokerFigures(
  db: MemberCall['deps']['db'],
  assetId: string,
  from: Date | null,
  to: Date | null,
  filters: BrokerFilters = {},
): Promise<BrokerStatistics> {
  const withTests = filters.excludeTestAgents === false;
  const department = filters.department ?? null;
  const { months, days, raw } = figureRanges(from, to);
  const [edgeA, edgeB] = raw;
  const [daysA, daysB] = days;
  const rows = await db.$queryRaw<BrokerRow[]>`
    WITH edges AS (
      SELECT a."agentId",
        count(*) AS assigned,
        count(a."acceptedAt") AS accepted,
        count(*) FILTER (WHERE a.reason = ${LEAD_ASSIGNMENT_REASON.POOL_CLAIM}) AS claimed,
        count(*) FILTER (WHERE a."escalatedAt" IS NOT NULL AND a."acceptedAt" IS NULL) AS escalated,
        count(*) FILTER (WHERE a.reason = ${LEAD_ASSIGNMENT_REASON.POOL_EXPIRED}) AS "escalatedToThem",
        sum(a."responseMinutes") AS "responseSum",
        count(a."responseMinutes") AS "responseCount"
      FROM "LeadAssignment" a JOIN "Lead" l ON l.id = a."leadId" AND l."assetId" = ${assetId}::uuid AND l."deletedAt" IS NULL
      WHERE (a."assignedAt" >= ${edgeA.from}::timestamp AND a."assignedAt" < ${edgeA.to}::timestamp)
        OR (a."assignedAt" >= ${edgeB.from}::timestamp AND a."assignedAt" < ${edgeB.to}::timestamp)
      GROUP BY a."agentId"
    ), whole AS (
      SELECT f."agentId", sum(f.assigned) AS assigned, sum(f.accepted) AS accepted, sum(f.claimed) AS claimed,
        sum(f.escalated) AS escalated, sum(f."escalatedToThem") AS "escalatedToThem",
        sum(f."responseSum") AS "responseSum", sum(f."responseCount") AS "responseCount"
      FROM "AgentDayFigures" f
      WHERE f."assetId" = ${assetId}::uuid
        AND ((f.day >= ${daysA.from}::date AND f.day < ${daysA.to}::date) OR (f.day >= ${daysB.from}::date AND f.day < ${daysB.to}::date))
      GROUP BY f."agentId"
    ), monthly AS (
      SELECT f."agentId", sum(f.assigned) AS assigned, sum(f.accepted) AS accepted, sum(f.claimed) AS claimed,
        sum(f.escalated) AS escalated, sum(f."escalatedToThem") AS "escalatedToThem",
        sum(f."responseSum") AS "responseSum", sum(f."responseCount") AS "responseCount"
      FROM "AgentMonthFigures" f
      WHERE f."assetId" = ${assetId}::uuid AND f.month >= ${months.from}::date AND f.month < ${months.to}::date
      GROUP BY f."agentId"
    ), work AS (
      SELECT "agentId", sum(assigned) AS assigned, sum(accepted) AS accepted, sum(claimed) AS claimed,
        sum(escalated) AS escalated, sum("escalatedToThem") AS "escalatedToThem",
        sum("responseSum") AS "responseSum", sum("responseCount") AS "responseCount"
      FROM (SELECT * FROM edges UNION ALL SELECT * FROM whole UNION ALL SELECT * FROM monthly) parts
      GROUP BY "agentId"
    ), rated AS (
      SELECT r."memberId", sum(r.rating) AS "ratingSum", count(*) AS "ratingCount"
      FROM "MemberRating" r
      WHERE r."assetId" = ${assetId}::uuid AND r."deletedAt" IS NULL AND r.hidden = false
        AND (${from}::timestamp IS NULL OR r."ratedAt" >= ${from}::timestamp)
        AND (${to}::timestamp IS NULL OR r."ratedAt" <= ${to}::timestamp)
      GROUP BY r."memberId"
    ), won AS (
      SELECT d."agentId", count(*) AS won, sum(d.value) AS "wonValue"
      FROM "Deal" d
      WHERE d."assetId" = ${assetId}::uuid AND d."deletedAt" IS NULL AND d.outcome = 'won'
        AND (${from}::timestamp IS NULL OR d."actualCloseDate" >= ${from}::timestamp)
        AND (${to}::timestamp IS NULL OR d."actualCloseDate" <= ${to}::timestamp)
      GROUP BY d."agentId"
    )
    SELECT m.id, m.name, m."officeName", m.enabled, m."isTest", m."reportedToId",
      COALESCE(w.assigned, 0) AS assigned, COALESCE(w.accepted, 0) AS accepted, COALESCE(w.claimed, 0) AS claimed,
      COALESCE(w.escalated, 0) AS escalated, COALESCE(w."escalatedToThem", 0) AS "escalatedToThem",
      w."responseSum", w."responseCount", r."ratingSum", COALESCE(r."ratingCount", 0) AS "ratingCount",
      COALESCE(d.won, 0) AS "dealsWon", COALESCE(d."wonValue", 0) AS "dealsWonValue"
    FROM "TeamMember" m
    LEFT JOIN work w ON w."agentId" = m.id
    LEFT JOIN rated r ON r."memberId" = m.id
    LEFT JOIN won d ON d."agentId" = m.id
    WHERE m."assetId" = ${assetId}::uuid AND m."deletedAt" IS NULL
      AND (${withTests}::boolean OR NOT m."isTest")
      AND (${department}::uuid IS NULL OR m."departmentId" = ${department}::uuid)
    ORDER BY m.name, m.id`;
  return {
    agents: rows.map((row) => {
      const ratingCount = Number(row.ratingCount);
      const responseCount = Number(row.responseCount ?? 0);
      const responseTotal = Number(row.responseSum ?? 0);
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
        averageResponseTime: responseCount ? roundTwo(responseTotal / responseCount) : null,
        responseTimeCount: responseCount,
        responseTimeTotal: responseTotal,
        ratingAverage: ratingCount ? roundTwo(Number(row.ratingSum ?? 0) / ratingCount) : null,
        ratingCount,
        dealsWon: Number(row.dealsWon),
        dealsWonValue: Number(row.dealsWonValue),
      };
    }),
  };
}
