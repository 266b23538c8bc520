import { dealCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { dealBoard, dealColumn, dealTotals } from './deal-board.service.js';
import { listPipelines, updatePipeline } from './deal-pipeline.service.js';
import { adjustDeal, dealSplits, setDealSplits } from './deal-splits.service.js';
import { moveDealStage } from './deal-stage.service.js';

// The deals' declared calls (packages/domain/src/deals/deal.calls.ts), both doors from these handlers.
export const dealDoors = serveCalls(dealCalls, {
  moveStage: ({ deps, actor, asset, input }) => moveDealStage(deps, actor, asset, input),
  board: ({ deps, actor, asset, input }) => dealBoard(deps, actor, asset, input),
  column: ({ deps, actor, asset, input }) => dealColumn(deps, actor, asset, input),
  totals: ({ deps, actor, asset, input }) => dealTotals(deps, actor, asset, input),
  splits: ({ deps, actor, asset, input }) => dealSplits(deps, actor, asset, input.id),
  setSplits: ({ deps, actor, asset, input }) => setDealSplits(deps, actor, asset, input),
  adjust: ({ deps, actor, asset, input }) => adjustDeal(deps, actor, asset, input),
  pipelines: ({ deps, asset }) => listPipelines(deps, asset),
  updatePipeline: ({ deps, actor, asset, input }) => updatePipeline(deps, actor, asset, input),
});
