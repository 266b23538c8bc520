import { type FaqOrderInput, FaqOrderInputSchema, MESSAGES } from '@crm/domain';
import { validationError } from '../../core/error-envelope.js';
import { recordReorder } from '../../resources/activity-log.js';
import { AppError } from '../../core/app-error.js';
import { authorize } from '../../resources/resource-access.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import { faqResource } from './faq.resource.js';

/**
 * PATCH faqs/questions/order: the questions in their new order (drag and drop on the FAQ screen). Every id must be a
 * live question of the asset, named once; the first gets order 0. One transaction: a failed reorder changes nothing.
 */
export async function reorderFaqs(call: ResourceCall, body: unknown): Promise<{ ids: string[] }> {
  const { assetId } = authorize(faqResource, call, 'update');
  if (!assetId) throw AppError.forbidden('You have no asset to work in.');
  const parsed = FaqOrderInputSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const { ids }: FaqOrderInput = parsed.data;
  if (new Set(ids).size !== ids.length) throw AppError.validation({ ids: [MESSAGES.faq.orderDuplicate] });
  await call.deps.db.$transaction(async (tx) => {
    const rows = await tx.faq.findMany({ where: { id: { in: ids }, assetId, deletedAt: null }, select: { id: true, order: true } });
    if (rows.length !== ids.length) throw AppError.notFound(MESSAGES.record.notFound('FAQ'));
    const was = new Map(rows.map((row) => [row.id, row.order]));
    await recordReorder(tx, call.actor, { assetId, subjectType: faqResource.contract.name, ids, was }, call.deps.clock.now());
    // One statement for the whole order: ids and positions as arrays.
    await tx.$executeRaw`
      UPDATE "Faq" AS f SET "order" = o.position - 1, "updatedAt" = now(), "updatedById" = ${call.actor.userId}::uuid
      FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, position)
      WHERE f.id = o.id AND f."assetId" = ${assetId}::uuid`;
  });
  return { ids };
}
