import {
  commissionOf,
  DEAL_MESSAGES as M,
  type DealDocument,
  type DealPipeline,
  type DealStage,
  missingDocumentsFor,
  pipelineForLead,
  stageOf,
  staleAtFor,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import type { DbTx } from '../../db/prisma.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Row } from '../../resources/resource.types.js';
import { stagesOf } from './deal-pipeline.service.js';

// A deal's columns that follow from elsewhere: the lead's customer, listing or project, agent and budget; the
// pipeline's stage (probability, outcome, stale time); the asset's currency; the agent's office; the commission from
// the value; the documents' names and URLs from Storage. One place for the engine's create and update hooks and a
// lead's move to Deal, so the rules are written once.

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const num = (value: unknown) => (typeof value === 'number' ? value : value === null || value === undefined ? null : Number(value));

/** A stage of the pipeline, or a 400 on the stage field. */
export function requireStage(stages: readonly DealStage[], key: string): DealStage {
  const stage = stageOf(stages, key);
  if (!stage) throw AppError.validation({ stage: [M.unknownStage(key)] }, M.unknownStage(key));
  return stage;
}

/** The move's gate: the documents the stage needs that the deal lacks answer 409, naming them. */
export function assertDocumentsFor(stages: readonly DealStage[], stage: DealStage, documents: readonly DealDocument[]): void {
  const missing = missingDocumentsFor(
    stages,
    stage.key,
    documents.map((document) => document.kind),
  );
  if (missing.length) throw AppError.conflict(M.missingDocuments(stage.name, missing), { stage: stage.key, missingDocuments: missing });
}

/** The documents of a body, each a live file of the asset, with its name and URL as Storage holds them. */
export async function resolveDocuments(tx: DbTx, assetId: string, input: unknown): Promise<DealDocument[]> {
  const items = Array.isArray(input) ? (input as { file: string; kind: string }[]) : [];
  if (!items.length) return [];
  const files = await tx.storedFile.findMany({
    where: { id: { in: items.map((item) => item.file) }, assetId, deletedAt: null },
    select: { id: true, name: true, url: true },
  });
  const byId = new Map(files.map((file) => [file.id, file]));
  return items.map((item, index) => {
    const file = byId.get(item.file);
    if (!file) throw AppError.validation({ [`documents.${index}.file`]: [M.documentNotFound] }, M.documentNotFound);
    return { file: file.id, kind: item.kind, name: file.name, url: file.url };
  });
}

async function officeOf(tx: DbTx, assetId: string, agentId: string): Promise<string | null> {
  const member = await tx.teamMember.findFirst({ where: { id: agentId, assetId }, select: { officeName: true } });
  return member?.officeName ?? null;
}

/** What a stage sets on a deal entering it at `now`. */
export function stageColumns(stage: DealStage, now: Date, lastActivityAt: Date = now) {
  return {
    stage: stage.key,
    probability: stage.probability,
    outcome: stage.outcome,
    stageChangedAt: now,
    staleAt: staleAtFor(stage, lastActivityAt),
  };
}

/**
 * The opening of a deal as its first stage change (no stage before), created with the deal in its own statement, so
 * the deal's timeline starts where the deal does.
 */
export function openingStageChange(
  columns: { pipeline: string; stage: string; outcome?: string; stageChangedAt?: Date | string },
  assetId: string,
  userId: string | null,
) {
  const { pipeline, stage, outcome = 'open', stageChangedAt } = columns;
  const change = { assetId, pipeline, fromStage: null, toStage: stage, outcome, changedAt: stageChangedAt, changedById: userId };
  return { stageChanges: { create: change } };
}

interface NewDeal {
  tx: DbTx;
  assetId: string;
  body: Row;
  now: Date;
}

/**
 * A new deal's columns beyond its body: what its lead gives (the body's own values win), its pipeline's first stage
 * unless named, the gate of that stage, the currency, office, commission, title and documents. A lead with a live
 * deal answers 409; an open stage only (a deal is closed by the stage call, which asks its reason).
 */
export type NewDealColumns = Omit<Prisma.DealUncheckedCreateInput, 'companyId' | 'assetId'>;

export async function newDealColumns({ tx, assetId, body, now }: NewDeal): Promise<NewDealColumns> {
  const leadId = text(body.lead);
  const lead = leadId
    ? await tx.lead.findFirst({
        where: { id: leadId, assetId, deletedAt: null },
        select: {
          id: true,
          customerId: true,
          listingId: true,
          projectId: true,
          agentId: true,
          leadType: true,
          minPrice: true,
          maxPrice: true,
          customer: { select: { fullName: true } },
          listing: { select: { leadType: true, price: true, reference: true, title: true } },
          project: { select: { name: true } },
        },
      })
    : null;
  if (leadId && !lead) throw AppError.validation({ lead: ['Lead not found.'] }, 'Lead not found.');
  if (lead && (await tx.deal.count({ where: { leadId: lead.id, deletedAt: null } })))
    throw AppError.conflict(M.leadHasDeal, { lead: lead.id });
  const customerId = text(body.customer) ?? lead?.customerId ?? null;
  if (!customerId) throw AppError.validation({ customer: [M.customerRequired] }, M.customerRequired);
  const agentId = text(body.agent) ?? lead?.agentId ?? null;
  if (!agentId) throw AppError.validation({ agent: [M.agentRequired] }, M.agentRequired);
  const listingId = body.listing === undefined ? (lead?.listingId ?? null) : text(body.listing);
  const projectId = body.project === undefined ? (lead?.projectId ?? null) : text(body.project);
  const pipeline = (text(body.pipeline) ??
    pipelineForLead({ projectId, listingLeadType: lead?.listing?.leadType ?? null, leadType: lead?.leadType ?? null })) as DealPipeline;
  const stages = await stagesOf(tx, assetId, pipeline);
  const stage = requireStage(stages, text(body.stage) ?? stages[0]?.key ?? '');
  if (stage.outcome !== 'open') throw AppError.validation({ stage: [M.unknownStage(stage.key)] }, M.unknownStage(stage.key));
  const documents = await resolveDocuments(tx, assetId, body.documents);
  assertDocumentsFor(stages, stage, documents);
  assertCloseDate(body.expectedCloseDate, now, 'expectedCloseDate');
  // A lead's budget is in major units; a deal's value is minor units.
  const budget = num(lead?.maxPrice) ?? num(lead?.minPrice) ?? num(lead?.listing?.price);
  const value = num(body.value) ?? (budget === null ? 0 : Math.round(budget * 100));
  const asset = await tx.asset.findUniqueOrThrow({ where: { id: assetId }, select: { currencyCode: true } });
  const customer = lead?.customer ?? (await tx.customer.findFirst({ where: { id: customerId, assetId }, select: { fullName: true } }));
  const what = lead?.listing?.reference ?? lead?.project?.name ?? null;
  return {
    ...(lead ? { leadId: lead.id } : {}),
    customerId,
    agentId,
    listingId,
    projectId,
    pipeline,
    ...stageColumns(stage, now),
    lastActivityAt: now,
    value,
    currency: asset.currencyCode,
    commission: commissionOf(value, { basisPoints: num(body.commissionBasisPoints), amount: num(body.commission) }),
    officeName: await officeOf(tx, assetId, agentId),
    title: text(body.title) ?? [customer?.fullName ?? 'Deal', what].filter(Boolean).join(' · '),
    documents: documents as Prisma.InputJsonValue,
    createdAt: now,
  };
}

/**
 * An update's derived columns: a won deal's money is frozen (409: an adjustment changes it); the commission follows
 * a new value or rate; a new agent brings their office; documents are resolved; closing dates never precede creation.
 */
export async function changedDealColumns(tx: DbTx, assetId: string, body: Row, existing: Row): Promise<Row> {
  const money = ['value', 'commission', 'commissionBasisPoints'].filter((key) => key in body);
  if (existing.outcome === 'won' && money.length) throw AppError.conflict(M.frozen, { fields: money });
  const out: Row = {};
  if (money.length) {
    const value = 'value' in body ? (num(body.value) ?? 0) : (num(existing.value) ?? 0);
    const rate =
      'commissionBasisPoints' in body ? num(body.commissionBasisPoints) : 'commission' in body ? null : num(existing.commissionBasisPoints);
    const amount = 'commission' in body ? num(body.commission) : rate === null ? num(existing.commission) : null;
    out.commissionBasisPoints = rate;
    out.commission = commissionOf(value, { basisPoints: rate, amount });
  }
  if (typeof body.agent === 'string' && body.agent !== existing.agentId) out.officeName = await officeOf(tx, assetId, body.agent);
  if ('documents' in body) out.documents = await resolveDocuments(tx, assetId, body.documents);
  assertCloseDate(body.expectedCloseDate, existing.createdAt, 'expectedCloseDate');
  return out;
}

/** A closing date (expected or actual) before the deal's creation is a 400 on that field. */
export function assertCloseDate(value: unknown, createdAt: unknown, field: string): void {
  if (typeof value !== 'string' || !(createdAt instanceof Date)) return;
  // A day's resolution: a deal opened this afternoon may close (or be expected to) today.
  if (new Date(value).getTime() < createdAt.getTime() - 86_400_000 + 1)
    throw AppError.validation({ [field]: [M.closeBeforeCreation] }, M.closeBeforeCreation);
}
