import {
  type HomeFigures,
  hasPermission,
  LINKS,
  type LeadHomeFigureFilter,
  LEAD_POOL_LINK,
  leadsOfHomeFigureLink,
  type MyLeadFigures,
  PERMISSIONS as P,
  type SystemFigures,
  activityContract,
  systemLogContract,
  systemLogsOfFigureLink,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import type { Db } from '../../db/prisma.js';
import { myTaskFigures } from '../activities/index.js';
import { myDealFigures, teamDealFigures } from '../deals/index.js';
import { actorMember, leadHomeFigureConditions, loadLeadSettings, mayClaimFromPool, poolLeadsWhere } from '../leads/index.js';
import { type HomePeriods, homePeriods, leadTeamFigures } from './home-team.service.js';

// GET /api/home (docs/product.md 'Home'): the caller's figures by what they are in the asset. An agent (the caller's
// team member) gets their own leads; a manager (members report to them) their team's; who sets the asset's lead
// engine (LEAD_SETTING_VIEW) the whole asset's; who reads System Logs today's failures. The lead figures open the
// Leads report, so they need its permission.

/** How many of the leads awaiting acceptance are listed with their countdown. */
const AWAITING_SHOWN = 5;

type Member = NonNullable<Awaited<ReturnType<typeof actorMember>>>;

async function myLeadFigures(db: Db, assetId: string, member: Member, now: Date): Promise<MyLeadFigures> {
  const filter: LeadHomeFigureFilter = { figure: 'awaitingAcceptance', agents: [member.id] };
  const idle: LeadHomeFigureFilter = { figure: 'noNextActivity', agents: [member.id], from: now.toISOString() };
  const where = { assetId, deletedAt: null, ...leadHomeFigureConditions(filter) };
  const settings = await loadLeadSettings(db, assetId);
  const mayClaim = mayClaimFromPool(member, settings.excludeTestAgents);
  const [count, leads, pool, noNextActivity] = await Promise.all([
    db.lead.count({ where }),
    db.lead.findMany({
      where,
      // Soonest deadline first; a lead without an SLA has no deadline to race (NULLs last).
      orderBy: [{ initialSlaEndDate: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }],
      take: AWAITING_SHOWN,
      select: { id: true, leadID: true, initialSlaEndDate: true, customer: { select: { fullName: true } } },
    }),
    mayClaim ? db.lead.count({ where: poolLeadsWhere(assetId) }) : Promise.resolve(null),
    db.lead.count({ where: { assetId, deletedAt: null, ...leadHomeFigureConditions(idle) } }),
  ]);
  return {
    member: { _id: member.id, name: member.name },
    awaitingAcceptance: {
      count,
      link: leadsOfHomeFigureLink(filter),
      leads: leads.map((lead) => ({
        _id: lead.id,
        leadID: lead.leadID,
        customerName: lead.customer.fullName,
        initialSlaEndDate: lead.initialSlaEndDate?.toISOString() ?? null,
        link: LINKS.leadDetail(lead.id),
      })),
    },
    pool: pool === null ? null : { count: pool, link: LEAD_POOL_LINK },
    noNextActivity: { count: noNextActivity, link: leadsOfHomeFigureLink(idle) },
  };
}

/** Today's rows of Admin > System Logs (the company's, as that screen lists them) from jobs and from integrations. */
async function systemFigures(db: Db, actor: Actor, periods: HomePeriods): Promise<SystemFigures> {
  const { from, to } = periods.today;
  const count = async (source: 'job' | 'integration') => ({
    count: await db.systemLog.count({
      where: { companyId: actor.companyId, source, createdAt: { gte: new Date(from), lte: new Date(to) } },
    }),
    link: systemLogsOfFigureLink({ sources: [source], from, to }),
  });
  const [failedJobs, integrationErrors] = await Promise.all([count('job'), count('integration')]);
  return { failedJobs, integrationErrors };
}

export async function homeFigures(deps: Pick<AppDeps, 'db' | 'clock'>, actor: Actor, assetId: string): Promise<HomeFigures> {
  const { db } = deps;
  const asset = await db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { timezone: true } });
  const periods = homePeriods(deps.clock.now(), asset.timezone);
  const readsLeads = hasPermission(actor, [P.LEADS_REPORT_VIEW]);
  const readsDeals = hasPermission(actor, [P.DEALS_VIEW]);
  const readsTasks = hasPermission(actor, activityContract.permissions.read);
  const member = readsLeads || readsDeals || readsTasks ? await actorMember(db, actor, assetId) : null;
  const team =
    member && readsLeads
      ? await db.teamMember.findMany({
          where: { assetId, reportedToId: member.id, deletedAt: null },
          select: { id: true, name: true },
          orderBy: [{ name: 'asc' }, { id: 'asc' }],
        })
      : [];
  const teamDeals =
    member && readsDeals
      ? await db.teamMember.findMany({ where: { assetId, reportedToId: member.id, deletedAt: null }, select: { id: true } })
      : [];
  const seesAsset = hasPermission(actor, [P.LEAD_SETTING_VIEW]);
  const [myLeads, myDeals, teamFigures, assetFigures, teamDealSums, assetDealSums, system, myTasks] = await Promise.all([
    member && readsLeads ? myLeadFigures(db, assetId, member, periods.now) : null,
    member && readsDeals ? myDealFigures(db, assetId, member, periods.thisMonth) : null,
    team.length ? leadTeamFigures(db, { assetId, members: team }, periods) : null,
    seesAsset && readsLeads ? leadTeamFigures(db, { assetId, members: 'asset' }, periods) : null,
    member && teamDeals.length
      ? teamDealFigures(db, { assetId, label: `${member.name}'s team`, agents: teamDeals.map((row) => row.id) }, periods.thisMonth)
      : null,
    seesAsset && readsDeals ? teamDealFigures(db, { assetId, label: 'All agents', agents: 'asset' }, periods.thisMonth) : null,
    hasPermission(actor, systemLogContract.permissions.read) ? systemFigures(db, actor, periods) : null,
    member && readsTasks ? myTaskFigures(db, assetId, member, periods.now, asset.timezone) : null,
  ]);
  return {
    asOf: periods.now.toISOString(),
    timezone: asset.timezone,
    myLeads,
    myDeals,
    team: teamFigures,
    asset: assetFigures,
    teamDeals: teamDealSums,
    assetDeals: assetDealSums,
    system,
    myTasks,
  };
}
