import { z } from 'zod';
import type { ContractQuery } from '../resources/contract.js';
import { DEAL_OUTCOMES, DEAL_PIPELINES } from './deal-pipelines.js';
import type { dealContract } from './deal.contract.js';

// The deals behind a figure (a total, a Home figure): the Deals page opens its List filtered to exactly them
// (`/reports/deals?deals=...`), and the figure's count is the list's total for the same filter.

const at = z.iso.datetime({ offset: true });

export const DealsBehindSchema = z.strictObject({
  /** What the list says it shows ('Sara Agent: deals won'). */
  label: z.string().min(1).max(200),
  agent: z.uuid().optional(),
  /** Any of these agents (a team, an office). */
  agents: z.array(z.uuid()).min(1).max(500).optional(),
  pipeline: z.enum(DEAL_PIPELINES).optional(),
  stage: z.string().min(1).max(100).optional(),
  outcome: z.enum(DEAL_OUTCOMES).optional(),
  createdFrom: at.optional(),
  createdTo: at.optional(),
  closedFrom: at.optional(),
  /** Inclusive. */
  closedTo: at.optional(),
  /** Exclusive (a month's next first day). */
  closedBefore: at.optional(),
});
export type DealsBehind = z.infer<typeof DealsBehindSchema>;

const range = (from?: string, to?: string, before?: string) =>
  from || to || before ? { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}), ...(before ? { $lt: before } : {}) } : undefined;

/** The list filter of the deals behind a figure. */
export function dealsBehindQuery(behind: DealsBehind): ContractQuery<typeof dealContract> {
  const created = range(behind.createdFrom, behind.createdTo);
  const closed = range(behind.closedFrom, behind.closedTo, behind.closedBefore);
  return {
    ...(behind.agent ? { agent: behind.agent } : {}),
    ...(behind.agents ? { agent: { $in: behind.agents } } : {}),
    ...(behind.pipeline ? { pipeline: behind.pipeline } : {}),
    ...(behind.stage ? { stage: behind.stage } : {}),
    ...(behind.outcome ? { outcome: behind.outcome } : {}),
    ...(created ? { createdAt: created } : {}),
    ...(closed ? { actualCloseDate: closed } : {}),
  };
}

export const DEALS_BEHIND_PARAM = 'deals';

export function dealsBehindLink(behind: DealsBehind): string {
  return `/reports/deals?${new URLSearchParams({ [DEALS_BEHIND_PARAM]: JSON.stringify(behind) }).toString()}`;
}

/** The deals behind a figure named by a Deals page URL, or null when it has none or it does not read. */
export function dealsBehindOf(params: URLSearchParams): DealsBehind | null {
  const raw = params.get(DEALS_BEHIND_PARAM);
  if (!raw) return null;
  try {
    const parsed = DealsBehindSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
