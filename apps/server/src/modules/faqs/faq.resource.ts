import { faqContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';
import type { WriteHookInput } from '../../resources/resource.types.js';

/** A new question without an order goes after the asset's last one. */
async function orderAtTheEnd({ tx, body, scope }: WriteHookInput) {
  if (typeof body.order === 'number' || !scope.assetId) return {};
  const last = await tx.faq.aggregate({ where: { assetId: scope.assetId, deletedAt: null }, _max: { order: true } });
  return { order: last._max.order === null ? 0 : last._max.order + 1 };
}

export const faqResource = defineResource(faqContract, {
  model: 'faq',
  refs: { category: { model: 'faqCategory' } },
  hooks: { beforeCreate: orderAtTheEnd },
});
