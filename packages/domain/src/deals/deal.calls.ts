import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import {
  DealAdjustmentBodySchema,
  DealAdjustmentInputSchema,
  DealBoardQuerySchema,
  DealBoardSchema,
  DealColumnPageSchema,
  DealColumnQuerySchema,
  DealIdInputSchema,
  DealPipelineBodySchema,
  DealPipelineInputSchema,
  DealSplitsBodySchema,
  DealSplitsInputSchema,
  DealSplitsViewSchema,
  DealStageMoveInputSchema,
  DealStageMoveSchema,
  DealTotalsQuerySchema,
  DealTotalsSchema,
} from './deal-calls.schemas.js';
import { DEAL_PIPELINES, DealPipelineSettingsSchema } from './deal-pipelines.js';
import { dealContract } from './deal.contract.js';

// The deals' calls beyond the generic resource (docs/api.md 'Deals'): the stage move with its document gate, the
// board and the totals, the commission splits and a won deal's adjustments, and the pipelines' settings.

const deals = { tag: 'deals', scope: 'asset' } as const;
const read = [P.DEALS_VIEW] as const;
const idParams = z.object({ id: z.string().max(100) });

const moveStage = defineCall({
  ...deals,
  operationId: 'deals.moveStage',
  summary: 'Move a deal to a stage of its pipeline (409 naming the documents it lacks)',
  access: read,
  kind: 'mutation',
  errors: ['CONFLICT'],
  input: DealStageMoveInputSchema,
  output: dealContract.record,
  rest: {
    method: 'PATCH',
    path: '/api/deals/:id/stage',
    params: idParams,
    body: DealStageMoveSchema,
    envelope: 'data',
    toInput: ({ params, body }) => ({ ...body, id: params.id }),
  },
});

const board = defineCall({
  ...deals,
  operationId: 'deals.board',
  summary: "A pipeline's board: every stage with its count, value and weighted value, and its first 50 cards",
  access: read,
  kind: 'query',
  input: DealBoardQuerySchema,
  output: DealBoardSchema,
  rest: { method: 'GET', path: '/api/deals/board', envelope: 'data' },
});

const column = defineCall({
  ...deals,
  operationId: 'deals.column',
  summary: "A board column's next 50 cards after a cursor",
  access: read,
  kind: 'query',
  input: DealColumnQuerySchema,
  output: DealColumnPageSchema,
  rest: { method: 'GET', path: '/api/deals/board/column', envelope: 'data' },
});

const totals = defineCall({
  ...deals,
  operationId: 'deals.totals',
  summary: 'Deal totals by agent or by closing month: count, value, commission and won rate',
  access: read,
  kind: 'query',
  input: DealTotalsQuerySchema,
  output: DealTotalsSchema,
  rest: { method: 'GET', path: '/api/deals/totals', envelope: 'data' },
});

const splits = defineCall({
  ...deals,
  operationId: 'deals.splits',
  summary: "A deal's commission splits and adjustments",
  access: read,
  kind: 'query',
  input: DealIdInputSchema,
  output: DealSplitsViewSchema,
  rest: { method: 'GET', path: '/api/deals/:id/splits', params: idParams, envelope: 'data', toInput: ({ params }) => params },
});

const setSplits = defineCall({
  ...deals,
  operationId: 'deals.setSplits',
  summary: "Set a deal's commission splits (exactly the commission; 409 once it is closed won)",
  access: read,
  kind: 'mutation',
  errors: ['CONFLICT'],
  input: DealSplitsInputSchema,
  output: DealSplitsViewSchema,
  rest: {
    method: 'PUT',
    path: '/api/deals/:id/splits',
    params: idParams,
    body: DealSplitsBodySchema,
    envelope: 'data',
    toInput: ({ params, body }) => ({ ...body, id: params.id }),
  },
});

const adjust = defineCall({
  ...deals,
  operationId: 'deals.adjust',
  summary: "Adjust a won deal's splits: who, why, before and after kept",
  access: read,
  kind: 'mutation',
  errors: ['CONFLICT'],
  input: DealAdjustmentInputSchema,
  output: DealSplitsViewSchema,
  rest: {
    method: 'POST',
    path: '/api/deals/:id/adjustments',
    params: idParams,
    body: DealAdjustmentBodySchema,
    status: 201,
    envelope: 'data',
    toInput: ({ params, body }) => ({ ...body, id: params.id }),
  },
});

const pipelines = defineCall({
  ...deals,
  operationId: 'deals.pipelines',
  summary: "The asset's deal pipelines and their stages",
  access: [P.DEALS_VIEW, P.LEAD_SETTING_VIEW],
  kind: 'query',
  output: z.array(DealPipelineSettingsSchema),
  rest: { method: 'GET', path: '/api/deals/pipelines', envelope: 'data' },
});

const updatePipeline = defineCall({
  ...deals,
  operationId: 'deals.updatePipeline',
  summary: "Save a pipeline's stages (probabilities, required documents, stale days)",
  access: [P.LEAD_SETTING_VIEW],
  kind: 'mutation',
  errors: ['CONFLICT'],
  input: DealPipelineInputSchema,
  output: DealPipelineSettingsSchema,
  rest: {
    method: 'PUT',
    path: '/api/deals/pipelines/:pipeline',
    params: z.object({ pipeline: z.enum(DEAL_PIPELINES) }),
    body: DealPipelineBodySchema,
    envelope: 'data',
    toInput: ({ params, body }) => ({ ...body, pipeline: params.pipeline }),
  },
});

export const dealCalls = defineCalls('deals', { moveStage, board, column, totals, splits, setSplits, adjust, pipelines, updatePipeline });
