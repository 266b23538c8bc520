import { z } from 'zod';
import { DEAL_MESSAGES as M } from './deal-messages.js';

// A deal's pipelines (docs/product.md 'Deals'): Sale, Rent and Off-plan, each with its own ordered stages, a win
// probability per stage, the documents a deal must hold to enter it and the days without activity after which a deal
// in it is stale. An asset keeps its own (Settings), else these defaults.

export const DEAL_PIPELINES = ['sale', 'rent', 'offplan'] as const;
export type DealPipeline = (typeof DEAL_PIPELINES)[number];
export const DEAL_PIPELINE_LABELS: Record<DealPipeline, string> = { sale: 'Sale', rent: 'Rent', offplan: 'Off-plan' };

/** What reaching a stage means: still open, won (splits frozen) or lost (a reason required). */
export const DEAL_OUTCOMES = ['open', 'won', 'lost'] as const;
export type DealOutcome = (typeof DEAL_OUTCOMES)[number];
export const DEAL_OUTCOME = { OPEN: 'open', WON: 'won', LOST: 'lost' } as const;

const stageKey = z
  .string({ error: M.stageKeyFormat })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: M.stageKeyFormat })
  .max(40, { error: M.stageKeyFormat });

export const DealStageSchema = z.strictObject({
  key: stageKey,
  name: z.string({ error: M.stageNameRequired }).trim().min(1, { error: M.stageNameRequired }).max(60),
  probability: z
    .number({ error: M.probabilityRange })
    .int({ error: M.probabilityRange })
    .min(0, { error: M.probabilityRange })
    .max(100, { error: M.probabilityRange }),
  outcome: z.enum(DEAL_OUTCOMES),
  requiredDocuments: z.array(z.string().trim().min(1).max(80)).max(10).default([]),
  /** Days without activity after which an open deal in this stage is stale; null: never. */
  staleAfterDays: z.number().int().min(1).max(365).nullable().default(null),
});
export type DealStage = z.infer<typeof DealStageSchema>;

/** A pipeline's stages as saved: open stages first, then exactly one won and one lost; keys once each. */
export const DealStagesSchema = z
  .array(DealStageSchema)
  .min(3)
  .max(12)
  .superRefine((stages, ctx) => {
    const keys = new Set<string>();
    for (const [index, stage] of stages.entries()) {
      if (keys.has(stage.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: M.stageKeyTwice(stage.key) });
      keys.add(stage.key);
    }
    const won = stages.filter((stage) => stage.outcome === 'won').length;
    const lost = stages.filter((stage) => stage.outcome === 'lost').length;
    if (won !== 1 || lost !== 1) ctx.addIssue({ code: 'custom', path: [], message: M.oneWonOneLost });
    const firstClosed = stages.findIndex((stage) => stage.outcome !== 'open');
    if (firstClosed < 1 || stages.slice(firstClosed).some((stage) => stage.outcome === 'open'))
      ctx.addIssue({ code: 'custom', path: [], message: M.openStagesFirst });
  });

export const DealPipelineSettingsSchema = z.strictObject({
  pipeline: z.enum(DEAL_PIPELINES),
  label: z.string(),
  stages: z.array(DealStageSchema),
});
export type DealPipelineSettings = z.infer<typeof DealPipelineSettingsSchema>;

const stage = (
  key: string,
  name: string,
  probability: number,
  outcome: DealOutcome,
  requiredDocuments: string[],
  staleAfterDays: number | null,
): DealStage => ({
  key,
  name,
  probability,
  outcome,
  requiredDocuments,
  staleAfterDays,
});

/** The documents a deal holds by default before its contract is signed (Form F / MOU, SPA, tenancy contract). */
export const DEFAULT_DEAL_STAGES: Record<DealPipeline, readonly DealStage[]> = {
  sale: [
    stage('offer', 'Offer', 20, 'open', [], 14),
    stage('reserved', 'Reserved', 50, 'open', [], 14),
    stage('contract-signed', 'Contract signed', 80, 'open', ['Form F / MOU'], 30),
    stage('closed-won', 'Closed won', 100, 'won', [], null),
    stage('closed-lost', 'Closed lost', 0, 'lost', [], null),
  ],
  rent: [
    stage('offer', 'Offer', 30, 'open', [], 7),
    stage('reserved', 'Reserved', 60, 'open', [], 7),
    stage('contract-signed', 'Contract signed', 90, 'open', ['Tenancy contract'], 14),
    stage('closed-won', 'Closed won', 100, 'won', [], null),
    stage('closed-lost', 'Closed lost', 0, 'lost', [], null),
  ],
  offplan: [
    stage('offer', 'Offer', 20, 'open', [], 14),
    stage('reserved', 'Reserved', 50, 'open', ['Reservation form'], 21),
    stage('contract-signed', 'Contract signed', 80, 'open', ['SPA'], 30),
    stage('closed-won', 'Closed won', 100, 'won', [], null),
    stage('closed-lost', 'Closed lost', 0, 'lost', [], null),
  ],
};

export function stageOf(stages: readonly DealStage[], key: string): DealStage | undefined {
  return stages.find((stage) => stage.key === key);
}

/**
 * The documents a deal must hold to enter a stage: that stage's and every open stage's before it (a deal that jumps
 * from Offer to Closed won still needs its signed contract). Entering a lost stage needs none.
 */
export function requiredDocumentsFor(stages: readonly DealStage[], key: string): string[] {
  const index = stages.findIndex((stage) => stage.key === key);
  if (index < 0 || stages[index]?.outcome === 'lost') return [];
  const kinds = stages.slice(0, index + 1).flatMap((stage) => (stage.outcome === 'lost' ? [] : stage.requiredDocuments));
  return [...new Set(kinds)];
}

/** Which required documents a deal holding `held` (document kinds) still lacks to enter the stage. */
export function missingDocumentsFor(stages: readonly DealStage[], key: string, held: readonly string[]): string[] {
  const have = new Set(held.map((kind) => kind.trim().toLowerCase()));
  return requiredDocumentsFor(stages, key).filter((kind) => !have.has(kind.trim().toLowerCase()));
}

/** The pipeline a lead's deal opens in: a project is off-plan, a rental listing or enquiry a rent, else a sale. */
export function pipelineForLead(lead: { projectId: string | null; listingLeadType: string | null; leadType: string | null }): DealPipeline {
  if (lead.projectId) return 'offplan';
  const kind = (lead.listingLeadType ?? lead.leadType ?? '').toLowerCase();
  return kind === 'rent' || kind === 'rental' ? 'rent' : 'sale';
}

/** When an open deal in this stage turns stale, from its last activity; null when the stage never does. */
export function staleAtFor(stage: DealStage | undefined, lastActivityAt: Date): Date | null {
  if (stage?.outcome !== 'open' || stage.staleAfterDays === null) return null;
  return new Date(lastActivityAt.getTime() + stage.staleAfterDays * 86_400_000);
}
