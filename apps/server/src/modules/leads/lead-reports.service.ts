import {
  datePresetRange,
  EXCLUDE_TEST_AGENTS_DEFAULT,
  isDatePreset,
  LEAD_FUNNEL_STAGES,
  LEAD_KNOWN_STAGES,
  type BetterAgentOffice,
  type BetterAgentOfficesQuery,
  type SalesFunnelQuery,
  type SalesFunnelReport,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { LeadDeps } from './lead-context.js';

// The lead reports: the sales funnel (GET sales-funnel/report) and the office statistics of the Better Agent
// report (GET /teams/members/statistics/better-agent/offices). Ranges are computed in the caller's zone.

type ReportDeps = Pick<LeadDeps, 'db' | 'clock'>;

interface Range {
  from: Date | null;
  to: Date | null;
}

/** A preset in the caller's zone, else the explicit bounds, else all time. */
export function reportRange(
  query: { preset?: string | undefined; from?: string | undefined; to?: string | undefined },
  now: Date,
  timeZone: string,
): Range {
  if (query.preset && isDatePreset(query.preset)) {
    const range = datePresetRange(query.preset, now, timeZone);
    return { from: new Date(range.from), to: new Date(range.to) };
  }
  const range = { from: query.from ? new Date(query.from) : null, to: query.to ? new Date(query.to) : null };
  if (range.from && range.to && range.from > range.to) throw AppError.validation({ from: ['From must not be after To.'] });
  return range;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/** The WHERE of the funnel's leads (alias l, agent alias m). */
function funnelWhere(assetId: string, range: Range, query: SalesFunnelQuery): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`l."assetId" = ${assetId}::uuid`, Prisma.sql`l."deletedAt" IS NULL`];
  if (range.from) parts.push(Prisma.sql`l."dataSourceCreatedAt" >= ${range.from}`);
  if (range.to) parts.push(Prisma.sql`l."dataSourceCreatedAt" <= ${range.to}`);
  if (query.agent) parts.push(Prisma.sql`l."agentId" = ${query.agent}::uuid`);
  if (query.source) parts.push(Prisma.sql`l.source = ${query.source}`);
  if (query.excludeTestAgents ?? EXCLUDE_TEST_AGENTS_DEFAULT) parts.push(Prisma.sql`(m.id IS NULL OR m."isTest" = false)`);
  return Prisma.join(parts, ' AND ');
}

/**
 * Counts and conversion per stage for the leads created in the range. Funnel stages count the leads that
 * reached them or any later funnel stage (history or current stage); other stages count the leads whose
 * history holds them. `current` is where the leads are now.
 */
export async function salesFunnelReport(
  deps: ReportDeps,
  assetId: string,
  query: SalesFunnelQuery,
  timeZone: string,
): Promise<SalesFunnelReport> {
  const range = reportRange(query, deps.clock.now(), timeZone);
  const where = funnelWhere(assetId, range, query);
  const funnel = Prisma.sql`ARRAY[${Prisma.join([...LEAD_FUNNEL_STAGES])}]::text[]`;
  const [currentRows, furthestRows, historyRows] = await Promise.all([
    deps.db.$queryRaw<{ stage: string; count: number }[]>`
      SELECT l.stage, COUNT(*)::int AS count FROM "Lead" l LEFT JOIN "TeamMember" m ON m.id = l."agentId"
      WHERE ${where} GROUP BY l.stage`,
    deps.db.$queryRaw<{ furthest: number | null; count: number }[]>`
      SELECT furthest, COUNT(*)::int AS count FROM (
        SELECT l.id, GREATEST(array_position(${funnel}, l.stage), MAX(array_position(${funnel}, sc.stage))) AS furthest
        FROM "Lead" l LEFT JOIN "TeamMember" m ON m.id = l."agentId" LEFT JOIN "LeadStageChange" sc ON sc."leadId" = l.id
        WHERE ${where} GROUP BY l.id, l.stage
      ) t GROUP BY furthest`,
    deps.db.$queryRaw<{ stage: string; count: number }[]>`
      SELECT sc.stage, COUNT(DISTINCT sc."leadId")::int AS count
      FROM "LeadStageChange" sc JOIN "Lead" l ON l.id = sc."leadId" LEFT JOIN "TeamMember" m ON m.id = l."agentId"
      WHERE ${where} GROUP BY sc.stage`,
  ]);
  const current = new Map(currentRows.map((r) => [r.stage, r.count]));
  const history = new Map(historyRows.map((r) => [r.stage, r.count]));
  const total = currentRows.reduce((sum, r) => sum + r.count, 0);
  const reachedFunnel = (index: number) =>
    furthestRows.reduce((sum, r) => sum + (r.furthest !== null && r.furthest >= index ? r.count : 0), 0);
  const names = [...new Set([...LEAD_KNOWN_STAGES, ...current.keys(), ...history.keys()])];
  let previous: number | null = null;
  const stages = names.map((stage) => {
    const position = (LEAD_FUNNEL_STAGES as readonly string[]).indexOf(stage);
    const reached = position >= 0 ? reachedFunnel(position + 1) : (history.get(stage) ?? current.get(stage) ?? 0);
    const stepConversion = position < 0 ? null : previous === null ? percent(reached, total) : percent(reached, previous);
    if (position >= 0) previous = reached;
    return { stage, reached, current: current.get(stage) ?? 0, conversion: percent(reached, total), stepConversion };
  });
  return { from: range.from?.toISOString() ?? null, to: range.to?.toISOString() ?? null, timezone: timeZone, total, stages };
}

/** Per office: members, leads received in the range, how many were accepted, the mean response time. */
export async function betterAgentOffices(
  deps: ReportDeps,
  assetId: string,
  query: BetterAgentOfficesQuery,
  timeZone: string,
): Promise<BetterAgentOffice[]> {
  const range = reportRange(query, deps.clock.now(), timeZone);
  const excludeTest = query.excludeTestAgents ?? EXCLUDE_TEST_AGENTS_DEFAULT;
  const members = await deps.db.teamMember.findMany({
    where: { assetId, deletedAt: null, ...(excludeTest ? { isTest: false } : {}) },
    select: { id: true, officeName: true },
  });
  const officeOf = new Map(members.map((m) => [m.id, m.officeName ?? null]));
  const ids = members.map((m) => m.id);
  const created = { ...(range.from ? { gte: range.from } : {}), ...(range.to ? { lte: range.to } : {}) };
  const [leadRows, responseRows] = await Promise.all([
    deps.db.lead.groupBy({
      by: ['agentId', 'isAccepted'],
      where: { assetId, deletedAt: null, agentId: { in: ids }, ...(range.from || range.to ? { dataSourceCreatedAt: created } : {}) },
      _count: { _all: true },
    }),
    deps.db.leadAssignment.groupBy({
      by: ['agentId'],
      where: { agentId: { in: ids }, responseMinutes: { not: null }, ...(range.from || range.to ? { assignedAt: created } : {}) },
      _sum: { responseMinutes: true },
      _count: { responseMinutes: true },
    }),
  ]);
  const offices = new Map<string | null, BetterAgentOffice & { responseSum: number; responseCount: number }>();
  const officeRow = (office: string | null) => {
    let row = offices.get(office);
    if (!row) {
      row = { office, members: 0, leads: 0, accepted: 0, averageResponseTime: null, responseSum: 0, responseCount: 0 };
      offices.set(office, row);
    }
    return row;
  };
  for (const m of members) officeRow(m.officeName ?? null).members += 1;
  for (const r of leadRows) {
    const row = officeRow(officeOf.get(r.agentId ?? '') ?? null);
    row.leads += r._count._all;
    if (r.isAccepted) row.accepted += r._count._all;
  }
  for (const r of responseRows) {
    const row = officeRow(officeOf.get(r.agentId) ?? null);
    row.responseSum += r._sum.responseMinutes ?? 0;
    row.responseCount += r._count.responseMinutes;
  }
  return [...offices.values()]
    .map(({ responseSum, responseCount, ...row }) => ({
      ...row,
      averageResponseTime: responseCount ? Math.round((responseSum / responseCount) * 100) / 100 : null,
    }))
    .sort((a, b) => (a.office ?? '\uffff').localeCompare(b.office ?? '\uffff'));
}
