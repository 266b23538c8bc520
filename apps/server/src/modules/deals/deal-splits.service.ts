import {
  allocateCommission,
  DEAL_MESSAGES as M,
  type DealAdjustmentInput,
  DealSplitsViewSchema,
  type DealSplitInput,
  type DealSplitsInput,
  type DealSplitsView,
} from '@crm/domain';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import type { DbTx } from '../../db/prisma.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';
import { dealResource } from './deal.resource.js';
import { visibleDealsWhere } from './deal-visibility.js';

// A deal's commission splits (docs/product.md 'Deals'): set while the deal is open or lost, exactly the commission to
// the minor unit (allocateCommission); frozen once it is won, when a change is an adjustment row (who, why, before
// and after) that replaces them.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'log'>;
type Split = z.infer<typeof DealSplitsViewSchema>['splits'][number];
type Snapshot = { commission: number; splits: Omit<Split, '_id'>[] };

const SUBJECT = dealResource.contract.name;

async function splitsOf(db: Pick<DbTx, 'dealSplit'>, dealId: string): Promise<Split[]> {
  const rows = await db.dealSplit.findMany({
    where: { dealId },
    orderBy: { position: 'asc' },
    include: { member: { select: { id: true, name: true } }, customer: { select: { id: true, fullName: true } } },
  });
  return rows.map((row) => ({
    _id: row.id,
    party: row.party as Split['party'],
    member: row.member ? { _id: row.member.id, name: row.member.name } : null,
    customer: row.customer ? { _id: row.customer.id, fullName: row.customer.fullName } : null,
    basisPoints: row.basisPoints,
    amount: Number(row.amount),
  }));
}

const snapshot = (commission: number, splits: readonly Split[]): Snapshot => ({
  commission,
  splits: splits.map(({ _id, ...split }) => split),
});

/** The deal, if the caller may see it (deal-visibility.ts): another team's deal is a 404 like a missing one. */
async function liveDeal(tx: DbTx, actor: Actor, assetId: string, id: string) {
  const deal = await tx.deal.findFirst({ where: { id, assetId, deletedAt: null, ...visibleDealsWhere(actor) } });
  if (!deal) throw AppError.notFound(M.notFound);
  return deal;
}

/** GET deals/{id}/splits. */
export async function dealSplits(deps: Pick<AppDeps, 'db'>, actor: Actor, assetId: string, id: string): Promise<DealSplitsView> {
  const deal = await liveDeal(deps.db, actor, assetId, id);
  const [splits, adjustments] = await Promise.all([
    splitsOf(deps.db, id),
    deps.db.dealAdjustment.findMany({ where: { dealId: id }, orderBy: { createdAt: 'desc' } }),
  ]);
  return DealSplitsViewSchema.parse({
    deal: id,
    commission: Number(deal.commission),
    currency: deal.currency,
    frozen: deal.outcome === 'won',
    splits,
    adjustments: adjustments.map((row) => ({
      _id: row.id,
      reason: row.reason,
      by: { _id: row.userId, name: row.userName },
      at: row.createdAt.toISOString(),
      before: row.before,
      after: row.after,
    })),
  });
}

/**
 * The parts' amounts for the commission, each party checked in the asset (an agent a team member, a co-broker a
 * customer): a split that does not sum is a 400 on `splits`, nothing stored.
 */
async function replaceSplits(
  tx: DbTx,
  assetId: string,
  dealId: string,
  commission: number,
  splits: readonly DealSplitInput[],
): Promise<void> {
  const allocation = allocateCommission(commission, splits);
  if (!allocation.ok) throw AppError.validation({ splits: [allocation.message] }, allocation.message);
  const members = [...new Set(splits.flatMap((split) => (split.member ? [split.member] : [])))];
  const customers = [...new Set(splits.flatMap((split) => (split.customer ? [split.customer] : [])))];
  const [memberCount, customerCount] = await Promise.all([
    members.length ? tx.teamMember.count({ where: { id: { in: members }, assetId } }) : 0,
    customers.length ? tx.customer.count({ where: { id: { in: customers }, assetId, deletedAt: null } }) : 0,
  ]);
  if (memberCount !== members.length) throw AppError.validation({ splits: [M.splitMemberNotFound] }, M.splitMemberNotFound);
  if (customerCount !== customers.length) throw AppError.validation({ splits: [M.splitCoBrokerNotFound] }, M.splitCoBrokerNotFound);
  await tx.dealSplit.deleteMany({ where: { dealId } });
  await tx.dealSplit.createMany({
    data: splits.map((split, position) => ({
      dealId,
      assetId,
      position,
      party: split.party,
      memberId: split.member ?? null,
      customerId: split.customer ?? null,
      basisPoints: split.basisPoints ?? null,
      amount: allocation.amounts[position] ?? 0,
    })),
  });
}

/** PUT deals/{id}/splits: while the deal is not won (409 then: an adjustment). */
export async function setDealSplits(deps: Deps, actor: Actor, assetId: string, input: DealSplitsInput): Promise<DealSplitsView> {
  await withUnitOfWork(deps, actor, async (uow) => {
    await uow.lock('Deal', input.id);
    const deal = await liveDeal(uow.tx, actor, assetId, input.id);
    if (deal.outcome === 'won') throw AppError.conflict(M.frozen, { deal: deal.id });
    const commission = Number(deal.commission);
    const before = await splitsOf(uow.tx, deal.id);
    await replaceSplits(uow.tx, assetId, deal.id, commission, input.splits);
    const after = await splitsOf(uow.tx, deal.id);
    uow.activity({
      action: 'update',
      subjectType: SUBJECT,
      subjectId: deal.id,
      assetId,
      before: { splits: snapshot(commission, before).splits },
      after: { splits: snapshot(commission, after).splits },
    });
  });
  return dealSplits(deps, actor, assetId, input.id);
}

/** POST deals/{id}/adjustments: a won deal's new splits (and commission), with who and why, before and after kept. */
export async function adjustDeal(deps: Deps, actor: Actor, assetId: string, input: DealAdjustmentInput): Promise<DealSplitsView> {
  await withUnitOfWork(deps, actor, async (uow) => {
    const { tx } = uow;
    await uow.lock('Deal', input.id);
    const deal = await liveDeal(tx, actor, assetId, input.id);
    if (deal.outcome !== 'won') throw AppError.conflict(M.notFrozen, { deal: deal.id });
    const was = Number(deal.commission);
    const commission = input.commission ?? was;
    const before = snapshot(was, await splitsOf(tx, deal.id));
    if (commission !== was)
      await tx.deal.update({ where: { id: deal.id }, data: { commission, commissionBasisPoints: null, updatedById: actor.userId } });
    await replaceSplits(tx, assetId, deal.id, commission, input.splits);
    const after = snapshot(commission, await splitsOf(tx, deal.id));
    await tx.dealAdjustment.create({
      data: {
        dealId: deal.id,
        assetId,
        reason: input.reason,
        userId: actor.apiKeyId ? null : actor.userId,
        userName: actor.fullName,
        before,
        after,
      },
    });
    uow.activity({
      action: 'update',
      subjectType: SUBJECT,
      subjectId: deal.id,
      assetId,
      before,
      after: { ...after, reason: input.reason },
    });
  });
  return dealSplits(deps, actor, assetId, input.id);
}
