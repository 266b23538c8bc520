import {
  ACTIVITY_BUCKETS,
  ACTIVITY_CALL_MESSAGES as M,
  type ActivityBucket,
  type ActivityBuckets,
  type ActivityBucketsQuery,
  type ActivityDay,
  activitiesLink,
  activityBucketQuery,
  activityDayOf,
  hasPermission,
  type MyTaskFigures,
  PERMISSIONS as P,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import type { Db } from '../../db/prisma.js';
import { compileQuery } from '../../resources/filter-compiler.js';
import { actorMember } from '../leads/index.js';
import { activityResource } from './activity.resource.js';

// GET activities/buckets (docs/api.md 'Activities'): tasks overdue, due today, upcoming and done today, in the asset's
// day, for the caller's own member or their team (the members reporting to them, as Home's 'My Team'; the whole
// asset for who sets its lead engine, LEAD_SETTING_VIEW). Each count compiles the list's own bucket conditions
// (activityBucketQuery), so it is the total of the list its link opens.

type Named = { id: string; name: string };

/** The agents of a scope: these members, or every member of the asset ('asset'). */
type Agents = readonly Named[] | 'asset';

/** One bucket's count over the agents, by the list's own compiled conditions. */
async function bucketCount(db: Db, assetId: string, agents: Agents, bucket: ActivityBucket, day: ActivityDay): Promise<number> {
  const where = compileQuery(activityResource.fields, activityBucketQuery(bucket, day), { sensitive: false });
  const agentId = agents === 'asset' ? undefined : { in: agents.map((agent) => agent.id) };
  return db.activity.count({ where: { AND: [{ assetId, deletedAt: null, ...(agentId ? { agentId } : {}) }, where] } });
}

/** Home's agent figures: the caller's own tasks overdue and due today, each a link to its bucket. */
export async function myTaskFigures(db: Db, assetId: string, member: Named, now: Date, timeZone: string): Promise<MyTaskFigures> {
  const day = activityDayOf(now, timeZone);
  const [overdue, dueToday] = await Promise.all([
    bucketCount(db, assetId, [member], 'overdue', day),
    bucketCount(db, assetId, [member], 'dueToday', day),
  ]);
  return {
    overdue: { count: overdue, link: activitiesLink({ scope: 'mine', bucket: 'overdue' }) },
    dueToday: { count: dueToday, link: activitiesLink({ scope: 'mine', bucket: 'dueToday' }) },
  };
}

async function teamOf(
  db: Db,
  actor: Actor,
  assetId: string,
  member: Named | null,
): Promise<{ kind: 'reports' | 'asset'; agents: Agents } | null> {
  if (hasPermission(actor, [P.LEAD_SETTING_VIEW])) return { kind: 'asset', agents: 'asset' };
  if (!member) return null;
  const reports = await db.teamMember.findMany({
    where: { assetId, reportedToId: member.id, deletedAt: null },
    select: { id: true, name: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return reports.length ? { kind: 'reports', agents: reports } : null;
}

/** The agents a query counts: mine, the team, or one member of it; an agent outside the team is refused. */
async function agentsOf(
  db: Db,
  assetId: string,
  query: ActivityBucketsQuery,
  member: Named | null,
  team: Awaited<ReturnType<typeof teamOf>>,
): Promise<Agents> {
  if (query.scope === 'mine') return member ? [member] : [];
  if (!team) throw AppError.forbidden(M.noTeam);
  if (!query.agent) return team.agents;
  const agent = query.agent.toLowerCase();
  const found =
    team.agents === 'asset'
      ? await db.teamMember.findFirst({ where: { assetId, id: agent, deletedAt: null }, select: { id: true, name: true } })
      : (team.agents.find((one) => one.id === agent) ?? null);
  if (!found) throw AppError.validation({ agent: [M.notInTeam] }, M.notInTeam);
  return [found];
}

export async function activityBuckets(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  assetId: string,
  query: ActivityBucketsQuery,
): Promise<ActivityBuckets> {
  const { db } = deps;
  const [asset, found] = await Promise.all([
    db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { timezone: true } }),
    actorMember(db, actor, assetId),
  ]);
  const day = activityDayOf(deps.clock.now(), asset.timezone);
  const member = found ? { id: found.id, name: found.name } : null;
  const countAll = (agents: Agents) =>
    Promise.all(
      ACTIVITY_BUCKETS.map(async (bucket) => {
        const count = agents === 'asset' || agents.length ? await bucketCount(db, assetId, agents, bucket, day) : 0;
        const link = activitiesLink({ scope: query.scope, bucket, ...(query.agent ? { agent: query.agent } : {}) });
        return [bucket, { count, link }] as const;
      }),
    );
  // My own tasks need not wait for the team (read beside them, for the answer's `team`).
  const [team, mine] = await Promise.all([
    teamOf(db, actor, assetId, member),
    query.scope === 'mine' ? countAll(member ? [member] : []) : null,
  ]);
  const agents = await agentsOf(db, assetId, query, member, team);
  const counts = mine ?? (await countAll(agents));
  return {
    scope: query.scope,
    asOf: day.now,
    timezone: asset.timezone,
    today: { from: day.from, to: day.to },
    member: member ? { _id: member.id, name: member.name } : null,
    team: team?.kind ?? null,
    agents: agents === 'asset' ? null : agents.map((agent) => ({ _id: agent.id, name: agent.name })),
    counts: Object.fromEntries(counts) as ActivityBuckets['counts'],
  };
}
