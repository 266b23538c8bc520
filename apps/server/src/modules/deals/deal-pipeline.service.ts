import {
  DEAL_MESSAGES as M,
  DEAL_PIPELINE_LABELS,
  DEAL_PIPELINES,
  DEFAULT_DEAL_STAGES,
  type DealPipeline,
  type DealPipelineInput,
  type DealPipelineSettings,
  type DealStage,
  DealStagesSchema,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import type { DbTx } from '../../db/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';

// An asset's deal pipelines (Settings): its saved stages, else the defaults. Saving one re-prices its deals: each
// deal's probability and stale time follow its stage's, so the board's weighted sums stay the database's own.

type Db = Pick<DbTx, 'dealPipeline'>;

/** The stages of an asset's pipeline as saved (the defaults where none are, or they no longer read). */
export async function stagesOf(db: Db, assetId: string, pipeline: DealPipeline): Promise<DealStage[]> {
  const row = await db.dealPipeline.findUnique({ where: { assetId_pipeline: { assetId, pipeline } }, select: { stages: true } });
  const parsed = DealStagesSchema.safeParse(row?.stages);
  return parsed.success ? parsed.data : [...DEFAULT_DEAL_STAGES[pipeline]];
}

/** Every stage's name of the asset's pipelines by `pipeline:key`, in one read (a timeline's deal moves). */
export async function stageNamesOf(db: Db, assetId: string): Promise<Map<string, string>> {
  const rows = await db.dealPipeline.findMany({ where: { assetId }, select: { pipeline: true, stages: true } });
  const names = new Map<string, string>();
  for (const pipeline of DEAL_PIPELINES) {
    const parsed = DealStagesSchema.safeParse(rows.find((row) => row.pipeline === pipeline)?.stages);
    for (const stage of parsed.success ? parsed.data : DEFAULT_DEAL_STAGES[pipeline]) names.set(`${pipeline}:${stage.key}`, stage.name);
  }
  return names;
}

const settingsOf = (pipeline: DealPipeline, stages: DealStage[]): DealPipelineSettings => ({
  pipeline,
  label: DEAL_PIPELINE_LABELS[pipeline],
  stages,
});

/** GET deals/pipelines. */
export async function listPipelines(deps: Pick<AppDeps, 'db'>, assetId: string): Promise<DealPipelineSettings[]> {
  return Promise.all(DEAL_PIPELINES.map(async (pipeline) => settingsOf(pipeline, await stagesOf(deps.db, assetId, pipeline))));
}

/**
 * PUT deals/pipelines/{pipeline}: the stages in order. A stage that still holds live deals cannot go (409 naming it);
 * the deals of a kept stage take its new probability, outcome and stale time in the same transaction.
 */
export async function updatePipeline(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log'>,
  actor: Actor,
  assetId: string,
  input: DealPipelineInput,
): Promise<DealPipelineSettings> {
  const { pipeline, stages } = input;
  return withUnitOfWork(deps, actor, async (uow) => {
    const { tx } = uow;
    // One save of a pipeline at a time: the row (or its absence) is the lock.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`deal-pipeline:${assetId}:${pipeline}`}))`;
    const before = await stagesOf(tx, assetId, pipeline);
    const kept = new Set(stages.map((stage) => stage.key));
    const held = await tx.deal.groupBy({
      by: ['stage'],
      where: { assetId, pipeline, deletedAt: null, stage: { notIn: [...kept] } },
      _count: { _all: true },
    });
    const [gone] = held;
    if (gone) {
      const name = before.find((stage) => stage.key === gone.stage)?.name ?? gone.stage;
      throw AppError.conflict(M.stageInUse(name, gone._count._all), { stage: gone.stage });
    }
    const row = await tx.dealPipeline.upsert({
      where: { assetId_pipeline: { assetId, pipeline } },
      create: { assetId, pipeline, stages: stages as unknown as Prisma.InputJsonValue, updatedById: actor.userId },
      update: { stages: stages as unknown as Prisma.InputJsonValue, updatedById: actor.userId },
    });
    await repriceDeals(tx, assetId, pipeline, stages);
    uow.activity({
      action: 'update',
      subjectType: 'dealPipelines',
      subjectId: row.id,
      assetId,
      before: { stages: before },
      after: { stages },
    });
    return settingsOf(pipeline, stages);
  });
}

/** Every live deal of the pipeline takes its stage's probability and outcome, and its stale time from them. */
async function repriceDeals(tx: DbTx, assetId: string, pipeline: DealPipeline, stages: readonly DealStage[]): Promise<void> {
  const json = JSON.stringify(
    stages.map((stage) => ({ key: stage.key, probability: stage.probability, outcome: stage.outcome, days: stage.staleAfterDays })),
  );
  await tx.$executeRaw`
    UPDATE "Deal" d SET probability = s.probability, outcome = s.outcome,
      "staleAt" = CASE WHEN s.outcome = 'open' AND s.days IS NOT NULL THEN d."lastActivityAt" + make_interval(days => s.days) END
    FROM jsonb_to_recordset(${json}::jsonb) AS s(key text, probability int, outcome text, days int)
    WHERE d."assetId" = ${assetId}::uuid AND d.pipeline = ${pipeline} AND d.stage = s.key AND d."deletedAt" IS NULL
      AND (d.probability, d.outcome, d."staleAt") IS DISTINCT FROM
        (s.probability, s.outcome, CASE WHEN s.outcome = 'open' AND s.days IS NOT NULL THEN d."lastActivityAt" + make_interval(days => s.days) END)`;
}
