import {
  DEAL_MESSAGES as M,
  type DealDocument,
  DealDocumentSchema,
  type DealPipeline,
  type DealRecord,
  type DealStageMoveInput,
} from '@crm/domain';
import { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import type { Deal } from '../../generated/prisma/client.js';
import { asContractRecord } from '../../resources/resource-serializer.js';
import { findRecordById } from '../../resources/resource.service.js';
import { type UnitOfWork, withUnitOfWork } from '../../resources/unit-of-work.js';
import { assertCloseDate, assertDocumentsFor, newDealColumns, openingStageChange, requireStage, stageColumns } from './deal-columns.js';
import { stagesOf } from './deal-pipeline.service.js';
import { dealResource } from './deal.resource.js';
import { visibleDealsWhere } from './deal-visibility.js';

// A deal's moves (docs/product.md 'Deals'): the stage call, whichever door it comes through, and a lead's move to
// Deal, which opens the lead's deal in the same transaction. Each checks the stage's documents (409 naming what is
// missing) and tells of the move (deal.stage_changed, deal.won, deal.lost) with the change.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'log'> & Partial<Pick<AppDeps, 'redis' | 'env' | 'jobs' | 'events'>>;

const SUBJECT = dealResource.contract.name;
const userOf = (actor: Actor | null) => (actor && !actor.apiKeyId ? actor.userId : null);
const documentsOf = (deal: Pick<Deal, 'documents'>): DealDocument[] => {
  const parsed = z.array(DealDocumentSchema).safeParse(deal.documents);
  return parsed.success ? parsed.data : [];
};

/** The deal as every deal call answers it: the contract's record. */
export async function dealRecord(deps: Deps, actor: Actor, assetId: string, id: string): Promise<DealRecord> {
  return asContractRecord(dealResource.contract, await findRecordById({ deps, actor: { ...actor, assetId } }, dealResource, id));
}

/** PATCH deals/{id}/stage. A won deal stays won (its splits are frozen); a lost one may be reopened. */
export async function moveDealStage(deps: Deps, actor: Actor, assetId: string, input: DealStageMoveInput): Promise<DealRecord> {
  await withUnitOfWork(deps, actor, async (uow) => {
    const { tx, now } = uow;
    await uow.lock('Deal', input.id);
    const deal = await tx.deal.findFirst({ where: { id: input.id, assetId, deletedAt: null, ...visibleDealsWhere(actor) } });
    if (!deal) throw AppError.notFound(M.notFound);
    const stages = await stagesOf(tx, assetId, deal.pipeline as DealPipeline);
    const target = requireStage(stages, input.stage);
    const lostReason = input.lostReason?.trim() || null;
    if (target.outcome === 'lost' && !lostReason) throw AppError.validation({ lostReason: [M.lostReasonRequired] }, M.lostReasonRequired);
    if (target.outcome !== 'lost' && lostReason) throw AppError.validation({ lostReason: [M.lostReasonOnlyLost] }, M.lostReasonOnlyLost);
    if (target.key === deal.stage && lostReason === deal.lostReason) return;
    if (deal.outcome === 'won') throw AppError.conflict(M.frozen, { stage: deal.stage });
    const closedAt = target.outcome === 'open' ? null : input.actualCloseDate ? new Date(input.actualCloseDate) : now;
    if (input.actualCloseDate) assertCloseDate(input.actualCloseDate, deal.createdAt, 'actualCloseDate');
    assertDocumentsFor(stages, target, documentsOf(deal));
    const columns = { ...stageColumns(target, now), lastActivityAt: now, lostReason, actualCloseDate: closedAt };
    await tx.deal.update({ where: { id: deal.id }, data: { ...columns, updatedById: actor.userId } });
    await tx.dealStageChange.create({
      data: {
        dealId: deal.id,
        assetId,
        pipeline: deal.pipeline,
        fromStage: deal.stage,
        toStage: target.key,
        outcome: target.outcome,
        changedAt: now,
        changedById: userOf(actor),
      },
    });
    const before = {
      stage: deal.stage,
      outcome: deal.outcome,
      probability: deal.probability,
      lostReason: deal.lostReason,
      actualCloseDate: deal.actualCloseDate,
    };
    uow.activity({ action: 'update', subjectType: SUBJECT, subjectId: deal.id, assetId, before, after: columns });
    tellMove(uow, actor, { ...deal, ...columns }, deal.stage);
  });
  return dealRecord(deps, actor, assetId, input.id);
}

function tellMove(uow: UnitOfWork, actor: Actor | null, deal: Deal, previousStage: string): void {
  const at = uow.now.toISOString();
  const base = { companyId: deal.companyId, assetId: deal.assetId, subject: { type: SUBJECT, id: deal.id } };
  const userId = userOf(actor);
  uow.event({
    ...base,
    type: 'deal.stage_changed',
    payload: { dealId: deal.id, assetId: deal.assetId, agentId: deal.agentId, stage: deal.stage, previousStage, userId, at },
  });
  if (deal.outcome === 'won') {
    uow.event({
      ...base,
      type: 'deal.won',
      payload: {
        dealId: deal.id,
        assetId: deal.assetId,
        leadId: deal.leadId,
        customerId: deal.customerId,
        agentId: deal.agentId,
        title: deal.title,
        value: Number(deal.value),
        commission: Number(deal.commission),
        currency: deal.currency,
        userId,
        at,
      },
    });
  }
  if (deal.outcome === 'lost') {
    uow.event({
      ...base,
      type: 'deal.lost',
      payload: {
        dealId: deal.id,
        assetId: deal.assetId,
        agentId: deal.agentId,
        title: deal.title,
        lostReason: deal.lostReason ?? '',
        userId,
        at,
      },
    });
  }
}

/**
 * A lead moved to stage Deal: its deal, opened in the lead's own unit of work (the lead's row lock held), so a
 * retried or concurrent move opens one; a lead that has its deal already keeps it. The first stage's documents
 * gate the lead's move as they gate any deal's (409).
 */
export async function openLeadDeal(
  uow: UnitOfWork,
  actor: Actor | null,
  lead: { id: string; assetId: string; companyId: string },
): Promise<void> {
  const { tx, now } = uow;
  if (await tx.deal.count({ where: { leadId: lead.id, deletedAt: null } })) return;
  const columns = await newDealColumns({ tx, assetId: lead.assetId, body: { lead: lead.id }, now });
  const deal = await tx.deal.create({
    data: {
      ...columns,
      companyId: lead.companyId,
      assetId: lead.assetId,
      creatorId: actor?.userId ?? null,
      updatedById: actor?.userId ?? null,
      ...openingStageChange(columns, lead.assetId, userOf(actor)),
    },
  });
  uow.activity({ action: 'create', subjectType: SUBJECT, subjectId: deal.id, assetId: lead.assetId, after: columns });
  uow.event({
    type: 'deal.created',
    companyId: lead.companyId,
    assetId: lead.assetId,
    subject: { type: SUBJECT, id: deal.id },
    payload: {
      dealId: deal.id,
      assetId: lead.assetId,
      leadId: lead.id,
      agentId: deal.agentId,
      pipeline: deal.pipeline,
      stage: deal.stage,
      userId: userOf(actor),
    },
  });
}
