import { customFieldContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';
import type { WriteHookInput } from '../../resources/resource.types.js';

/** A new field without an order goes after the last one of its record kind. */
async function orderAtTheEnd({ tx, body, scope }: WriteHookInput) {
  if (typeof body.order === 'number' || !scope.assetId || typeof body.kind !== 'string') return {};
  const last = await tx.customFieldDefinition.aggregate({ where: { assetId: scope.assetId, kind: body.kind }, _max: { order: true } });
  return { order: last._max.order === null ? 0 : last._max.order + 1 };
}

// Definitions of custom fields; a key is unique per asset and record kind (a second one is a 409).
export const customFieldResource = defineResource(customFieldContract, {
  model: 'customFieldDefinition',
  tag: 'properties',
  hooks: { beforeCreate: orderAtTheEnd },
});
