import { type CustomFieldOrderInput, CustomFieldOrderInputSchema, MESSAGES } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { validationError } from '../../core/error-envelope.js';
import { recordReorder } from '../../resources/activity-log.js';
import { authorize } from '../../resources/resource-access.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import { customFieldResource } from './custom-field.resource.js';

/**
 * PATCH properties/custom-fields/order: one record kind's fields in their new order (drag and drop on the Custom
 * Fields screen); the first gets order 0. Every id a field of the asset, named once, all of one kind. One statement.
 */
export async function reorderCustomFields(call: ResourceCall, body: unknown): Promise<{ ids: string[] }> {
  const { assetId } = authorize(customFieldResource, call, 'update');
  if (!assetId) throw AppError.forbidden('You have no asset to work in.');
  const parsed = CustomFieldOrderInputSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const { ids }: CustomFieldOrderInput = parsed.data;
  if (new Set(ids).size !== ids.length) throw AppError.validation({ ids: [MESSAGES.customField.orderDuplicate] });
  await call.deps.db.$transaction(async (tx) => {
    const found = await tx.customFieldDefinition.findMany({
      where: { id: { in: ids }, assetId },
      select: { id: true, kind: true, order: true },
    });
    if (found.length !== ids.length) throw AppError.notFound(MESSAGES.record.notFound('custom field'));
    if (new Set(found.map((row) => row.kind)).size > 1) throw AppError.validation({ ids: [MESSAGES.customField.orderOneKind] });
    await tx.$executeRaw`
      UPDATE "CustomFieldDefinition" AS d SET "order" = o.position - 1, "updatedAt" = now(), "updatedById" = ${call.actor.userId}::uuid
      FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, position)
      WHERE d.id = o.id AND d."assetId" = ${assetId}::uuid`;
    const was = new Map(found.map((row) => [row.id, row.order]));
    await recordReorder(tx, call.actor, { assetId, subjectType: customFieldResource.contract.name, ids, was }, call.deps.clock.now());
  });
  return { ids };
}
