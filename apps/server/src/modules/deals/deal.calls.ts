import { dealCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { dealBoard, dealColumn, dealTotals } from './deal-board.service.js';
import { listPipelines, updatePipeline } from './deal-pipeline.service.js';
import { adjustDeal, dealSplits, setDealSplits } from './deal-splits.service.js';
import { moveDealStage } from './deal-stage.service.js';

// The deals' declared calls (packages/domain/src/deals/deal.calls.ts), both doors from these handlers.
export const dealDoors = serveCalls(dealCalls, {
  moveStage: ({ deps, actor, asset, input }) => moveDealStage(deps, actor, asset, input),
  board: ({ deps, asset, input }) => dealBoard(deps, asset, input),
  column: ({ deps, asset, input }) => dealColumn(deps, asset, input),
  totals: ({ deps, asset, input }) => dealTotals(deps, asset, input),
  splits: ({ deps, asset, input }) => dealSplits(deps, asset, input.id),
  setSplits: ({ deps, actor, asset, input }) => setDealSplits(deps, actor, asset, input),
  adjust: ({ deps, actor, asset, input }) => adjustDeal(deps, actor, asset, input),
  pipelines: ({ deps, asset }) => listPipelines(deps, asset),
  updatePipeline: ({ deps, actor, asset, input }) => updatePipeline(deps, actor, asset, input),
});
