import { dealContract } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { defineResource } from '../../resources/resource-define.js';
import { changedDealColumns, newDealColumns, openingStageChange } from './deal-columns.js';
import { visibleDealsWhere } from './deal-visibility.js';

// Deals (GET/POST/PATCH/DELETE deals, docs/api.md 'Deals'): written through the engine (activity log, checked
// references, export); what the lead, the pipeline and the asset give is filled in by deal-columns.ts, and a new
// deal tells of itself (deal.created). Its stage moves only through PATCH deals/{id}/stage (deal-stage.service.ts).

const str = (value: unknown) => (typeof value === 'string' ? value : null);

export const dealResource = defineResource(dealContract, {
  model: 'deal',
  tag: 'deals',
  refs: {
    lead: { model: 'lead' },
    customer: { model: 'customer' },
    listing: { model: 'listing' },
    project: { model: 'project' },
    agent: { model: 'teamMember' },
  },
  // Who sees which deals (deal-visibility.ts): the whole asset's, or their own and their team's.
  visibleRows: visibleDealsWhere,
  hooks: {
    // The opening is the deal's first stage change, written by the same create.
    beforeCreate: async ({ tx, body, scope, deps, actor }) => {
      if (!scope.assetId) throw AppError.forbidden('You have no asset to work in.');
      const columns = await newDealColumns({ tx, assetId: scope.assetId, body, now: deps.clock.now() });
      return { ...columns, ...openingStageChange(columns, scope.assetId, actor.apiKeyId ? null : actor.userId) };
    },
    // A deleted deal lets go of its lead (one deal per lead is a unique index), so the lead may open another.
    beforeRemove: async ({ tx, existing }) => {
      if (existing.leadId) await tx.deal.update({ where: { id: String(existing.id) }, data: { leadId: null } });
    },
    beforeUpdate: ({ tx, body, scope, existing }) => {
      if (!scope.assetId || !existing) return {};
      return changedDealColumns(tx, scope.assetId, body, existing);
    },
    events: ({ record, created }, scope) => {
      const agentId = str(record.agent);
      if (!created || !scope.assetId || !agentId) return [];
      const payload = {
        dealId: record._id,
        assetId: scope.assetId,
        leadId: str(record.lead),
        agentId,
        pipeline: String(record.pipeline),
        stage: String(record.stage),
        userId: str(record.creator),
      };
      return [{ type: 'deal.created', payload, assetId: scope.assetId }];
    },
  },
});
