import { z } from 'zod';
import { DEAL_MESSAGES as M } from './deal-messages.js';

// A deal's commission split (docs/product.md 'Deals'): the agent(s), a co-broker (an external agent, a customer of
// the asset) and the company, each by a share or a fixed amount. Money is integer minor units (fils, cents) end to
// end; the shares divide what the fixed amounts leave by the largest remainder, so the parts always sum to exactly
// the commission.

export const DEAL_SPLIT_PARTIES = ['agent', 'co-broker', 'company'] as const;
export type DealSplitParty = (typeof DEAL_SPLIT_PARTIES)[number];
export const DEAL_SPLIT_PARTY_LABELS: Record<DealSplitParty, string> = { agent: 'Agent', 'co-broker': 'Co-broker', company: 'Company' };

/** 100% in basis points: shares are whole hundredths of a percent. */
export const FULL_SHARE = 10_000;
/** The largest money amount the product holds, in minor units (numeric(18,0), below 2^53). */
export const MAX_MINOR_UNITS = 9_000_000_000_000_000;

export const MinorUnitsSchema = z
  .number({ error: M.minorUnits })
  .int({ error: M.minorUnits })
  .min(0, { error: M.minorUnits })
  .max(MAX_MINOR_UNITS, { error: M.minorUnits });

export const DealSplitInputSchema = z
  .strictObject({
    party: z.enum(DEAL_SPLIT_PARTIES, { error: M.splitParty }),
    member: z.uuid({ error: M.splitMember }).optional(),
    customer: z.uuid({ error: M.splitCoBroker }).optional(),
    basisPoints: z.number().int().min(1, { error: M.splitShare }).max(FULL_SHARE, { error: M.splitShare }).optional(),
    amount: MinorUnitsSchema.optional(),
  })
  .superRefine((split, ctx) => {
    if ((split.basisPoints === undefined) === (split.amount === undefined))
      ctx.addIssue({ code: 'custom', path: ['basisPoints'], message: M.splitShareOrAmount });
    if (split.party === 'agent' && !split.member) ctx.addIssue({ code: 'custom', path: ['member'], message: M.splitMember });
    if (split.party === 'co-broker' && !split.customer) ctx.addIssue({ code: 'custom', path: ['customer'], message: M.splitCoBroker });
    if (split.party !== 'agent' && split.member) ctx.addIssue({ code: 'custom', path: ['member'], message: M.splitMemberOnlyAgent });
    if (split.party !== 'co-broker' && split.customer) ctx.addIssue({ code: 'custom', path: ['customer'], message: M.splitCoBrokerOnly });
  });
export type DealSplitInput = z.infer<typeof DealSplitInputSchema>;

export const DealSplitsSchema = z.array(DealSplitInputSchema).min(1, { error: M.splitsRequired }).max(20);

export type SplitAllocation = { ok: true; amounts: number[] } | { ok: false; message: string };

/**
 * Each part's amount of `commission` (minor units). Fixed amounts come first; the shares must total 100% of what
 * they leave (or, without shares, the amounts the whole commission). Exact to the unit: BigInt arithmetic, and the
 * units the floors leave go to the largest remainders (the earlier part first on a tie).
 */
export function allocateCommission(commission: number, splits: readonly Pick<DealSplitInput, 'basisPoints' | 'amount'>[]): SplitAllocation {
  const fixed = splits.reduce((sum, split) => sum + BigInt(split.amount ?? 0), 0n);
  const total = BigInt(commission);
  const shares = splits.filter((split) => split.basisPoints !== undefined);
  if (fixed > total) return { ok: false, message: M.splitsOverCommission(Number(fixed), commission) };
  const rest = total - fixed;
  if (!shares.length) {
    return rest === 0n
      ? { ok: true, amounts: splits.map((split) => split.amount ?? 0) }
      : { ok: false, message: M.splitsMustSum(Number(fixed), commission) };
  }
  const shareSum = shares.reduce((sum, split) => sum + (split.basisPoints ?? 0), 0);
  if (shareSum !== FULL_SHARE) return { ok: false, message: M.sharesMustSum(shareSum) };
  const full = BigInt(FULL_SHARE);
  const parts = splits.map((split, index) => {
    if (split.basisPoints === undefined) return { index, amount: BigInt(split.amount ?? 0), remainder: -1n };
    const exact = rest * BigInt(split.basisPoints);
    return { index, amount: exact / full, remainder: exact % full };
  });
  let left = rest - parts.filter((part) => part.remainder >= 0n).reduce((sum, part) => sum + part.amount, 0n);
  const byRemainder = parts
    .filter((part) => part.remainder >= 0n)
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index));
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.amount += 1n;
    left -= 1n;
  }
  return { ok: true, amounts: parts.map((part) => Number(part.amount)) };
}

/** A deal's commission from its value: a rate in basis points (half up), or the amount itself. */
export function commissionOf(value: number, commission: { basisPoints?: number | null; amount?: number | null }): number {
  if (commission.amount !== undefined && commission.amount !== null) return commission.amount;
  const rate = BigInt(commission.basisPoints ?? 0);
  return Number((BigInt(value) * rate * 2n + BigInt(FULL_SHARE)) / (BigInt(FULL_SHARE) * 2n));
}

/** Minor units as the screens show them: the currency's amount with two decimals ('AED 2,400,000.00'). */
export function formatMinorUnits(minor: number, currency: string): string {
  const major = minor / 100;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: 2 }).format(major);
  } catch {
    return `${currency} ${major.toFixed(2)}`;
  }
}

/**
 * The splits form of the deal page: a share in percent (two decimals) or an amount in the currency's major unit, as
 * people type them; `splitsFromForm` turns them into the call's basis points and minor units.
 */
export const DealSplitFormRowSchema = z
  .strictObject({
    party: z.enum(DEAL_SPLIT_PARTIES, { error: M.splitParty }),
    member: z.uuid({ error: M.splitMember }).optional(),
    customer: z.uuid({ error: M.splitCoBroker }).optional(),
    by: z.enum(['share', 'amount']),
    share: z.number().min(0.01, { error: M.splitShare }).max(100, { error: M.splitShare }).optional(),
    amount: z.number().min(0, { error: M.minorUnits }).optional(),
  })
  .superRefine((row, ctx) => {
    if (row.by === 'share' && row.share === undefined) ctx.addIssue({ code: 'custom', path: ['share'], message: M.splitShare });
    if (row.by === 'amount' && row.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: M.splitShareOrAmount });
    if (row.party === 'agent' && !row.member) ctx.addIssue({ code: 'custom', path: ['member'], message: M.splitMember });
    if (row.party === 'co-broker' && !row.customer) ctx.addIssue({ code: 'custom', path: ['customer'], message: M.splitCoBroker });
  });
export type DealSplitFormRow = z.infer<typeof DealSplitFormRowSchema>;
export const DealSplitsFormSchema = z.strictObject({ splits: z.array(DealSplitFormRowSchema).min(1, { error: M.splitsRequired }).max(20) });
export type DealSplitsForm = z.infer<typeof DealSplitsFormSchema>;

export function splitsFromForm(rows: readonly DealSplitFormRow[]): DealSplitInput[] {
  return rows.map((row) => ({
    party: row.party,
    ...(row.party === 'agent' && row.member ? { member: row.member } : {}),
    ...(row.party === 'co-broker' && row.customer ? { customer: row.customer } : {}),
    ...(row.by === 'share' ? { basisPoints: Math.round((row.share ?? 0) * 100) } : { amount: Math.round((row.amount ?? 0) * 100) }),
  }));
}

/** A stored split back into the form's terms. */
export function splitToForm(split: {
  party: DealSplitParty;
  member: { _id: string } | null;
  customer: { _id: string } | null;
  basisPoints: number | null;
  amount: number;
}): DealSplitFormRow {
  return {
    party: split.party,
    ...(split.member ? { member: split.member._id } : {}),
    ...(split.customer ? { customer: split.customer._id } : {}),
    ...(split.basisPoints === null
      ? { by: 'amount' as const, amount: split.amount / 100 }
      : { by: 'share' as const, share: split.basisPoints / 100 }),
  };
}
