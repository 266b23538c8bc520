import {
  PERMISSIONS as P,
  QUALIFICATION_REVIEW_MESSAGES as M,
  qualificationReviewContract,
  UNRESPONSIVE_FEEDBACK,
  reviewFeedback,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import { actorCan } from '../../core/authorization.js';
import { defineResource } from '../../resources/resource-define.js';
import type { Row, WriteHookInput } from '../../resources/resource.types.js';

// Qualification reviews (reviews/qualification, docs/api.md 'Qualification reviews'): written through the engine
// (activity log, export, both doors); the lead gives the customer, agent, subject and qualification time. The
// database's LeadReview trigger keeps the agent's rating in step.

const reads = (actor: Actor) => actorCan(actor, [P.LEAD_REVIEWS_REPORT_VIEW]);
const num = (value: unknown) => (typeof value === 'number' ? value : null);
const str = (value: unknown) => (typeof value === 'string' ? value : null);

/** The stored feedback: 'Unresponsive' for an unresponsive review left without one, and gone once it no longer is. */
function feedbackColumn(merged: { rating: number | null; category: string | null; feedback: string | null }, given: boolean) {
  const kept = given ? merged.feedback : merged.feedback === UNRESPONSIVE_FEEDBACK ? null : merged.feedback;
  return reviewFeedback({ ...merged, feedback: kept }) || null;
}

async function reviewOfLead({ tx, body, scope, actor, deps }: WriteHookInput): Promise<Row> {
  if (!scope.assetId) throw AppError.forbidden('You have no asset to work in.');
  const lead = await tx.lead.findFirst({
    where: { id: String(body.lead), assetId: scope.assetId, deletedAt: null },
    select: { id: true, leadID: true, customerId: true, agentId: true, timeToQualify: true, agent: { select: { userId: true } } },
  });
  if (!lead) throw AppError.validation({ lead: ['Lead not found.'] }, 'Lead not found.');
  if (!reads(actor) && lead.agent?.userId !== actor.userId) throw AppError.forbidden(M.mayNotReview);
  if (await tx.leadReview.findUnique({ where: { leadId: lead.id }, select: { id: true } }))
    throw AppError.conflict(M.oneReviewPerLead, { lead: lead.id });
  const merged = { rating: num(body.rating), category: str(body.category), feedback: str(body.feedback) };
  return {
    customerId: lead.customerId,
    agentId: lead.agentId,
    subjectType: 'Lead',
    subject: `Lead ${lead.leadID}`,
    qualificationTime: num(body.qualificationTime) ?? lead.timeToQualify,
    feedback: feedbackColumn(merged, true),
    createdAt: deps.clock.now(),
  };
}

function changedReview({ body, existing, actor }: WriteHookInput): Row {
  if (!existing) return {};
  if (!reads(actor) && existing.creatorId !== actor.userId) throw AppError.forbidden(M.notYours);
  const pick = <T>(key: string, read: (value: unknown) => T) => (body[key] === undefined ? read(existing[key]) : read(body[key]));
  const merged = { rating: pick('rating', num), category: pick('category', str), feedback: pick('feedback', str) };
  return { feedback: feedbackColumn(merged, body.feedback !== undefined) };
}

export const qualificationReviewResource = defineResource(qualificationReviewContract, {
  model: 'leadReview',
  tag: 'reviews',
  refs: { lead: { model: 'lead' } },
  // The report's readers see every review of the asset; an agent, those of their leads and their own.
  visibleRows: (actor) => (reads(actor) ? null : { OR: [{ agent: { userId: actor.userId } }, { creatorId: actor.userId }] }),
  hooks: { beforeCreate: reviewOfLead, beforeUpdate: changedReview },
});
