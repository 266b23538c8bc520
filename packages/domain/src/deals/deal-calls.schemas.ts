import { z } from 'zod';
import { optionalText, requiredText } from '../validation/zod-helpers.js';
import { DEAL_MESSAGES as M } from './deal-messages.js';
import { type DEAL_OUTCOMES, DEAL_PIPELINES, DealStageSchema, DealStagesSchema } from './deal-pipelines.js';
import { DEAL_SPLIT_PARTIES, DealSplitsFormSchema, DealSplitsSchema, MinorUnitsSchema } from './deal-splits.js';

// The inputs and answers of the deals' calls beyond CRUD (deal.calls.ts): the stage move, the board, the totals,
// the commission splits and their adjustments, the pipelines' settings.

const id = z.uuid({ error: M.notFound });

export const DealStageMoveSchema = z.strictObject({
  stage: z
    .string({ error: M.unknownStage('') })
    .min(1)
    .max(40),
  lostReason: optionalText(500),
  /** When the deal closed (won or lost); default now. Never before the deal's creation. */
  actualCloseDate: z.iso.datetime({ offset: true }).nullish(),
});
export const DealStageMoveInputSchema = DealStageMoveSchema.extend({ id });

/** The board's close-lost form: the reason the stage call requires. */
export const DealLostReasonSchema = z.strictObject({ lostReason: requiredText(M.lostReasonRequired, undefined, 500) });
export type DealLostReason = z.infer<typeof DealLostReasonSchema>;
export type DealStageMoveInput = z.infer<typeof DealStageMoveInputSchema>;

/** The board's and the totals' filter: one pipeline, and optionally one agent or one office. */
export const DealBoardQuerySchema = z.strictObject({
  pipeline: z.enum(DEAL_PIPELINES),
  agent: z.uuid().optional(),
  office: z.string().max(200).optional(),
});
export type DealBoardQuery = z.infer<typeof DealBoardQuerySchema>;

export const DealCardSchema = z.object({
  _id: z.string(),
  title: z.string(),
  stage: z.string(),
  customerName: z.string().nullable(),
  agent: z.object({ _id: z.string(), name: z.string() }).nullable(),
  value: z.number(),
  currency: z.string(),
  probability: z.number(),
  expectedCloseDate: z.string().nullable(),
  staleAt: z.string().nullable(),
  stale: z.boolean(),
});
export type DealCard = z.infer<typeof DealCardSchema>;

/** The cards after a cursor (opaque): the next 50 of a column. */
export const DealColumnQuerySchema = DealBoardQuerySchema.extend({
  stage: z.string().min(1).max(40),
  cursor: z.string().max(200).optional(),
});
export type DealColumnQuery = z.infer<typeof DealColumnQuerySchema>;
export const DealColumnPageSchema = z.object({ cards: z.array(DealCardSchema), nextCursor: z.string().nullable() });
export type DealColumnPage = z.infer<typeof DealColumnPageSchema>;

export const DealBoardColumnSchema = DealColumnPageSchema.extend({
  stage: DealStageSchema,
  count: z.number().int(),
  /** Sums in minor units, equal to the database's for the filter; weighted: each deal's value times its probability. */
  value: z.number(),
  weightedValue: z.number(),
});
export const DealBoardSchema = z.object({
  pipeline: z.enum(DEAL_PIPELINES),
  currency: z.string(),
  columns: z.array(DealBoardColumnSchema),
});
export type DealBoard = z.infer<typeof DealBoardSchema>;

export const DEAL_TOTALS_BY = ['agent', 'month'] as const;
export const DealTotalsQuerySchema = z.strictObject({
  by: z.enum(DEAL_TOTALS_BY),
  pipeline: z.enum(DEAL_PIPELINES).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type DealTotalsQuery = z.infer<typeof DealTotalsQuerySchema>;
export const DealTotalsRowSchema = z.object({
  /** The agent's id, or the month ('2026-11'). */
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  open: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  value: z.number(),
  wonValue: z.number(),
  /** The commission of the won deals, minor units. */
  commission: z.number(),
  /** Won out of closed, 0-100 with one decimal; null when none closed. */
  wonRate: z.number().nullable(),
  /** The range the row counts (a month's bounds in the asset's zone, `to` excluded; by agent, the query's): the click-through's filter. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export const DealTotalsSchema = z.object({ by: z.enum(DEAL_TOTALS_BY), currency: z.string(), rows: z.array(DealTotalsRowSchema) });
export type DealTotals = z.infer<typeof DealTotalsSchema>;

export const DealSplitSchema = z.object({
  _id: z.string(),
  party: z.enum(DEAL_SPLIT_PARTIES),
  member: z.object({ _id: z.string(), name: z.string() }).nullable(),
  customer: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
  basisPoints: z.number().int().nullable(),
  amount: z.number().int(),
});
const SplitSnapshotSchema = z.object({
  commission: z.number(),
  splits: z.array(DealSplitSchema.omit({ _id: true })),
});
export const DealAdjustmentSchema = z.object({
  _id: z.string(),
  reason: z.string(),
  by: z.object({ _id: z.string().nullable(), name: z.string() }),
  at: z.string(),
  before: SplitSnapshotSchema,
  after: SplitSnapshotSchema,
});
export const DealSplitsViewSchema = z.object({
  deal: z.string(),
  commission: z.number(),
  currency: z.string(),
  /** Closed won: the splits change only by an adjustment. */
  frozen: z.boolean(),
  splits: z.array(DealSplitSchema),
  adjustments: z.array(DealAdjustmentSchema),
});
export type DealSplitsView = z.infer<typeof DealSplitsViewSchema>;

export const DealIdInputSchema = z.strictObject({ id });
export const DealSplitsBodySchema = z.strictObject({ splits: DealSplitsSchema });
export const DealSplitsInputSchema = DealSplitsBodySchema.extend({ id });
export type DealSplitsInput = z.infer<typeof DealSplitsInputSchema>;
export const DealAdjustmentBodySchema = z.strictObject({
  reason: z.string({ error: M.adjustmentReason }).trim().min(3, { error: M.adjustmentReason }).max(1000),
  splits: DealSplitsSchema,
  /** A corrected commission (minor units); default: the deal's. */
  commission: MinorUnitsSchema.optional(),
});
export const DealAdjustmentInputSchema = DealAdjustmentBodySchema.extend({ id });
export type DealAdjustmentInput = z.infer<typeof DealAdjustmentInputSchema>;

export const DealPipelineBodySchema = z.strictObject({ stages: DealStagesSchema });
/** The settings form's values (a stage's lists and stale days may be left out: the schema's defaults). */
export type DealPipelineBody = z.input<typeof DealPipelineBodySchema>;
export const DealPipelineInputSchema = DealPipelineBodySchema.extend({ pipeline: z.enum(DEAL_PIPELINES) });
export type DealPipelineInput = z.infer<typeof DealPipelineInputSchema>;

export const DEAL_OUTCOME_LABELS: Record<(typeof DEAL_OUTCOMES)[number], string> = { open: 'Open', won: 'Won', lost: 'Lost' };

/** The deal page's adjustment form: why, and the new splits in the splits form's terms. */
export const DealAdjustmentFormSchema = DealSplitsFormSchema.extend({
  reason: z.string({ error: M.adjustmentReason }).trim().min(3, { error: M.adjustmentReason }).max(1000),
});
export type DealAdjustmentForm = z.infer<typeof DealAdjustmentFormSchema>;
