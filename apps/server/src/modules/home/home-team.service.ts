import {
  DATE_PRESET,
  datePresetRange,
  type DateRange,
  type HomeCount,
  type LeadHomeFigureFilter,
  type LeadTeamFigures,
  leadsBehindLink,
  leadsOfHomeFigureLink,
} from '@crm/domain';
import type { Db } from '../../db/prisma.js';
import { leadHomeFigureConditions } from '../leads/index.js';
import { brokerFigures } from '../members/index.js';

// Home's SLA and intake figures of a set of members (a manager's team) or of the whole asset (docs/product.md 'Home').
// Each count runs the Leads report's own `homeFigure` conditions, so it is the total of the list its link opens.

/** Whose figures: these members (a team), or every member of the asset. */
export type HomeScope = { assetId: string; members: readonly { id: string; name: string }[] | 'asset' };

export interface HomePeriods {
  now: Date;
  today: DateRange;
  thisMonth: DateRange;
  lastMonth: DateRange;
}

/** Today so far, this month and last month, as the asset's calendar has them. */
export function homePeriods(now: Date, timezone: string): HomePeriods {
  const today = datePresetRange(DATE_PRESET.TODAY, now, timezone);
  return {
    now,
    // Up to now only: an SLA that ends later today is not broken yet.
    today: { from: today.from, to: now.toISOString() },
    thisMonth: datePresetRange(DATE_PRESET.THIS_MONTH, now, timezone),
    lastMonth: datePresetRange(DATE_PRESET.LAST_MONTH, now, timezone),
  };
}

const agentsOf = (scope: HomeScope) => (scope.members === 'asset' ? undefined : scope.members.map((member) => member.id));

/** A count of the leads behind a Home figure, and the link to them. */
async function leadCount(db: Db, assetId: string, filter: LeadHomeFigureFilter): Promise<HomeCount> {
  const count = await db.lead.count({ where: { assetId, deletedAt: null, ...leadHomeFigureConditions(filter) } });
  return { count, link: leadsOfHomeFigureLink(filter) };
}

/** New leads per source in a range, as one grouped read (the same conditions as the `newLeads` figure). */
async function newLeadsPerSource(db: Db, assetId: string, agents: string[] | undefined, range: DateRange) {
  const groups = await db.lead.groupBy({
    by: ['source'],
    where: { assetId, deletedAt: null, ...leadHomeFigureConditions({ figure: 'newLeads', agents, ...range }) },
    _count: { _all: true },
  });
  return new Map(groups.map((group) => [group.source, group._count._all]));
}

function sourceFigures(agents: string[] | undefined, periods: HomePeriods, thisMonth: Map<string, number>, lastMonth: Map<string, number>) {
  const figure = (source: string, range: DateRange, counts: Map<string, number>): HomeCount => ({
    count: counts.get(source) ?? 0,
    link: leadsOfHomeFigureLink({ figure: 'newLeads', agents, source, ...range }),
  });
  return [...new Set([...thisMonth.keys(), ...lastMonth.keys()])]
    .map((source) => ({
      source,
      thisMonth: figure(source, periods.thisMonth, thisMonth),
      lastMonth: figure(source, periods.lastMonth, lastMonth),
    }))
    .sort((a, b) => b.thisMonth.count - a.thisMonth.count || b.lastMonth.count - a.lastMonth.count || a.source.localeCompare(b.source));
}

/** The members' mean response time over this month's assignments (the Brokers report's figure), by name. */
async function responseTimes(db: Db, scope: HomeScope, month: DateRange) {
  const report = await brokerFigures(db, scope.assetId, new Date(month.from), new Date(month.to), { excludeTestAgents: false });
  const wanted = scope.members === 'asset' ? null : new Set(scope.members.map((member) => member.id));
  return report.agents
    .filter((row) => !wanted || wanted.has(row.member._id))
    .map((row) => ({
      member: { _id: row.member._id, name: row.member.name },
      averageResponseTime: row.averageResponseTime,
      acceptedLink: leadsBehindLink({ figure: 'accepted', agents: [row.member._id], ...month }),
    }));
}

export async function leadTeamFigures(db: Db, scope: HomeScope, periods: HomePeriods): Promise<LeadTeamFigures> {
  const agents = agentsOf(scope);
  const { assetId } = scope;
  const [breaches, escalations, thisMonth, lastMonth, times, members, idle] = await Promise.all([
    leadCount(db, assetId, { figure: 'slaBreached', agents, ...periods.today }),
    leadCount(db, assetId, { figure: 'escalated', agents, ...periods.today }),
    newLeadsPerSource(db, assetId, agents, periods.thisMonth),
    newLeadsPerSource(db, assetId, agents, periods.lastMonth),
    responseTimes(db, scope, periods.thisMonth),
    scope.members === 'asset' ? db.teamMember.count({ where: { assetId, deletedAt: null } }) : Promise.resolve(scope.members.length),
    leadCount(db, assetId, { figure: 'noNextActivity', agents, from: periods.now.toISOString() }),
  ]);
  return {
    members,
    slaBreachesToday: breaches,
    escalationsToday: escalations,
    today: periods.today,
    thisMonth: periods.thisMonth,
    lastMonth: periods.lastMonth,
    newLeadsBySource: sourceFigures(agents, periods, thisMonth, lastMonth),
    responseTimes: times,
    noNextActivity: idle,
  };
}
