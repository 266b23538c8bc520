import { DEALS_OF_WHOLE_ASSET } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { actorCan } from '../../core/authorization.js';
import type { DbTx } from '../../db/prisma.js';
import { Prisma } from '../../generated/prisma/client.js';

// Which deals a caller sees (DEALS_OF_WHOLE_ASSET in the domain): all of the asset's, or their own and their team's.
// An integrator's API key acts for the company, not for a member: it sees them all.

function seesEveryDeal(actor: Actor): boolean {
  return Boolean(actor.apiKeyId) || actorCan(actor, DEALS_OF_WHOLE_ASSET);
}

/** The caller's member and the members who report to them, by the caller's user. */
const memberOrTeam = (userId: string) => ({ OR: [{ userId }, { reportedTo: { userId, deletedAt: null } }] });

/** The deals the caller may see as a where of the deal (null: all of the asset's). */
export function visibleDealsWhere(actor: Actor): Prisma.DealWhereInput | null {
  return seesEveryDeal(actor) ? null : { agent: memberOrTeam(actor.userId) };
}

/** The agents whose deals the caller may see (null: every agent), for the board's and totals' SQL. */
export async function visibleDealAgents(db: DbTx, actor: Actor, assetId: string): Promise<string[] | null> {
  if (seesEveryDeal(actor)) return null;
  const members = await db.teamMember.findMany({ where: { assetId, ...memberOrTeam(actor.userId) }, select: { id: true } });
  return members.map((member) => member.id);
}

/** `AND d."agentId" = ANY(...)` for the agents of visibleDealAgents (nothing when they are all). */
export function visibleAgentsSql(agents: readonly string[] | null): Prisma.Sql {
  return agents === null ? Prisma.empty : Prisma.sql`AND d."agentId" = ANY(${agents as string[]}::uuid[])`;
}
