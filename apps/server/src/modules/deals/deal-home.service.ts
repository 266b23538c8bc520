import {
  DEAL_PIPELINE_LABELS,
  DEAL_PIPELINES,
  type DealsBehind,
  dealsBehindLink,
  type MyDealFigures,
  type TeamDealFigures,
} from '@crm/domain';
import type { Db } from '../../db/prisma.js';
import { Prisma } from '../../generated/prisma/client.js';
import { stagesOf } from './deal-pipeline.service.js';

// Home's deals of an agent (docs/product.md 'Home'): the open ones and their value, the ones won this month and their
// commission, each count opening the Deals list filtered to exactly them (dealsBehindLink).

export async function myDealFigures(
  db: Db,
  assetId: string,
  member: { id: string; name: string },
  thisMonth: { from: string; to: string },
): Promise<MyDealFigures> {
  const open: DealsBehind = { label: `${member.name}: open deals`, agent: member.id, outcome: 'open' };
  const won: DealsBehind = {
    label: `${member.name}: deals won this month`,
    agent: member.id,
    outcome: 'won',
    closedFrom: thisMonth.from,
    closedTo: thisMonth.to,
  };
  const [openSums, wonSums, asset] = await Promise.all([
    db.deal.aggregate({
      where: { assetId, agentId: member.id, outcome: 'open', deletedAt: null },
      _count: { _all: true },
      _sum: { value: true },
    }),
    db.deal.aggregate({
      where: {
        assetId,
        agentId: member.id,
        outcome: 'won',
        deletedAt: null,
        actualCloseDate: { gte: new Date(thisMonth.from), lte: new Date(thisMonth.to) },
      },
      _count: { _all: true },
      _sum: { commission: true },
    }),
    db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { currencyCode: true } }),
  ]);
  return {
    open: { count: openSums._count._all, link: dealsBehindLink(open) },
    openValue: Number(openSums._sum.value ?? 0),
    wonThisMonth: { count: wonSums._count._all, link: dealsBehindLink(won) },
    commissionThisMonth: Number(wonSums._sum.commission ?? 0),
    currency: asset.currencyCode,
  };
}

/** Whose deals: these agents (a manager's team), or every agent of the asset. */
export type DealScope = { assetId: string; label: string; agents: readonly string[] | 'asset' };

type StageSums = { pipeline: string; stage: string; deals: bigint; value: Prisma.Decimal; weighted: Prisma.Decimal };

/**
 * A team's (or the asset's) open pipeline by stage and its deals won this month. The stage sums are one GROUP BY over
 * the open deals, weighted as the board weighs them; every count opens the Deals list filtered to exactly them.
 */
export async function teamDealFigures(db: Db, scope: DealScope, thisMonth: { from: string; to: string }): Promise<TeamDealFigures> {
  const { assetId } = scope;
  const agents = scope.agents === 'asset' ? undefined : [...scope.agents];
  const agentSql = agents ? Prisma.sql`AND d."agentId" = ANY(${agents}::uuid[])` : Prisma.empty;
  const won: DealsBehind = {
    label: `${scope.label}: deals won this month`,
    ...(agents ? { agents } : {}),
    outcome: 'won',
    closedFrom: thisMonth.from,
    closedTo: thisMonth.to,
  };
  const [sums, wonSums, asset, pipelines] = await Promise.all([
    db.$queryRaw<StageSums[]>`
      SELECT d.pipeline, d.stage, count(*) AS deals, coalesce(sum(d.value), 0) AS value,
        round(coalesce(sum(d.value * d.probability), 0) / 100) AS weighted
      FROM "Deal" d
      WHERE d."assetId" = ${assetId}::uuid AND d."deletedAt" IS NULL AND d.outcome = 'open' ${agentSql}
      GROUP BY d.pipeline, d.stage`,
    db.deal.aggregate({
      where: {
        assetId,
        deletedAt: null,
        outcome: 'won',
        ...(agents ? { agentId: { in: agents } } : {}),
        actualCloseDate: { gte: new Date(thisMonth.from), lte: new Date(thisMonth.to) },
      },
      _count: { _all: true },
      _sum: { value: true },
    }),
    db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { currencyCode: true } }),
    Promise.all(DEAL_PIPELINES.map(async (pipeline) => ({ pipeline, stages: await stagesOf(db, assetId, pipeline) }))),
  ]);
  const sumOf = new Map(sums.map((row) => [`${row.pipeline}|${row.stage}`, row]));
  return {
    pipelines: pipelines.map(({ pipeline, stages }) => ({
      pipeline,
      label: DEAL_PIPELINE_LABELS[pipeline],
      stages: stages
        .filter((stage) => stage.outcome === 'open')
        .map((stage) => {
          const row = sumOf.get(`${pipeline}|${stage.key}`);
          const behind: DealsBehind = {
            label: `${scope.label}: ${DEAL_PIPELINE_LABELS[pipeline]}, ${stage.name}`,
            ...(agents ? { agents } : {}),
            pipeline,
            stage: stage.key,
            outcome: 'open',
          };
          return {
            stage: stage.key,
            label: stage.name,
            deals: { count: Number(row?.deals ?? 0), link: dealsBehindLink(behind) },
            value: Number(row?.value ?? 0),
            weightedValue: Number(row?.weighted ?? 0),
          };
        }),
    })),
    wonThisMonth: { count: wonSums._count._all, link: dealsBehindLink(won) },
    wonValueThisMonth: Number(wonSums._sum.value ?? 0),
    currency: asset.currencyCode,
  };
}
