import { describe, expect, it } from 'vitest';
import { missingDocumentsFor, DEFAULT_DEAL_STAGES, DealStagesSchema, requiredDocumentsFor } from './deal-pipelines.js';
import { allocateCommission, commissionOf, DealSplitInputSchema, FULL_SHARE } from './deal-splits.js';

// A seeded generator, so a failure names a case that can be run again.
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function sharesOf(next: () => number, parts: number): number[] {
  const cuts = Array.from({ length: parts - 1 }, () => Math.floor(next() * (FULL_SHARE - 1)) + 1).sort((a, b) => a - b);
  const edges = [0, ...cuts, FULL_SHARE];
  return edges
    .slice(1)
    .map((edge, index) => edge - (edges[index] ?? 0))
    .filter((share) => share > 0);
}

describe('commission splits', () => {
  it('sum to exactly the commission over 10,000 random splits, each part within one unit of its share', () => {
    const next = random(20261203);
    for (let round = 0; round < 10_000; round += 1) {
      const commission = Math.floor(next() * 10 ** (1 + Math.floor(next() * 14)));
      const fixedCount = Math.floor(next() * 3);
      const fixed = Array.from({ length: fixedCount }, () => Math.floor((next() * commission) / (fixedCount + 1)));
      const shares = sharesOf(next, 1 + Math.floor(next() * 5));
      const splits = [...fixed.map((amount) => ({ amount })), ...shares.map((basisPoints) => ({ basisPoints }))];
      const result = allocateCommission(commission, splits);
      if (!result.ok) throw new Error(`round ${round}: ${result.message}`);
      expect(
        result.amounts.reduce((sum, amount) => sum + amount, 0),
        `round ${round}`,
      ).toBe(commission);
      const rest = commission - fixed.reduce((sum, amount) => sum + amount, 0);
      shares.forEach((share, index) => {
        const exact = (rest * share) / FULL_SHARE;
        expect(Math.abs((result.amounts[fixedCount + index] ?? 0) - exact), `round ${round}`).toBeLessThanOrEqual(1);
      });
      expect(result.amounts.every((amount) => Number.isInteger(amount) && amount >= 0)).toBe(true);
    }
  });

  it('gives the leftover unit to the largest remainder, the earlier part on a tie', () => {
    expect(allocateCommission(100, [{ basisPoints: 3_333 }, { basisPoints: 3_333 }, { basisPoints: 3_334 }])).toEqual({
      ok: true,
      amounts: [33, 33, 34],
    });
    expect(allocateCommission(1, [{ basisPoints: 5_000 }, { basisPoints: 5_000 }])).toEqual({ ok: true, amounts: [1, 0] });
    expect(allocateCommission(10_001, [{ amount: 1 }, { basisPoints: 5_000 }, { basisPoints: 5_000 }])).toEqual({
      ok: true,
      amounts: [1, 5_000, 5_000],
    });
  });

  it('refuses shares that are not 100%, amounts that do not add up, amounts over the commission', () => {
    expect(allocateCommission(1_000, [{ basisPoints: 5_000 }, { basisPoints: 4_000 }])).toMatchObject({
      ok: false,
      message: expect.stringContaining('90.00%'),
    });
    expect(allocateCommission(1_000, [{ amount: 400 }, { amount: 500 }])).toMatchObject({
      ok: false,
      message: expect.stringContaining('9.00'),
    });
    expect(allocateCommission(1_000, [{ amount: 1_200 }, { basisPoints: FULL_SHARE }])).toMatchObject({
      ok: false,
      message: expect.stringContaining('exceed'),
    });
    expect(allocateCommission(1_000, [{ amount: 1_000 }])).toEqual({ ok: true, amounts: [1_000] });
  });

  it('holds amounts far beyond a float: 9e15 minor units split in thirds stay exact', () => {
    const result = allocateCommission(8_999_999_999_999_999, [{ basisPoints: 3_333 }, { basisPoints: 3_333 }, { basisPoints: 3_334 }]);
    expect(result.ok && result.amounts.reduce((sum, amount) => sum + amount, 0)).toBe(8_999_999_999_999_999);
  });

  it('derives the commission from a rate half up, or takes the amount', () => {
    expect(commissionOf(2_400_000_00, { basisPoints: 200 })).toBe(4_800_000);
    expect(commissionOf(1_25, { basisPoints: 200 })).toBe(3);
    expect(commissionOf(1_000, { amount: 77, basisPoints: 200 })).toBe(77);
  });

  it('names who a split is for: an agent a member, a co-broker a customer, never both', () => {
    expect(DealSplitInputSchema.safeParse({ party: 'agent', basisPoints: 5_000 }).success).toBe(false);
    expect(DealSplitInputSchema.safeParse({ party: 'company', basisPoints: 5_000, amount: 10 }).success).toBe(false);
    expect(
      DealSplitInputSchema.safeParse({ party: 'co-broker', customer: '0190e7c4-0000-7000-8000-000000000001', amount: 10 }).success,
    ).toBe(true);
  });
});

describe('pipelines', () => {
  it('require the documents of the stage and every open stage before it; a lost stage none', () => {
    const offplan = DEFAULT_DEAL_STAGES.offplan;
    expect(requiredDocumentsFor(offplan, 'offer')).toEqual([]);
    expect(requiredDocumentsFor(offplan, 'closed-won')).toEqual(['Reservation form', 'SPA']);
    expect(requiredDocumentsFor(offplan, 'closed-lost')).toEqual([]);
    expect(missingDocumentsFor(offplan, 'contract-signed', ['reservation form'])).toEqual(['SPA']);
  });

  it('keep open stages first, then one won and one lost stage', () => {
    expect(DealStagesSchema.safeParse(DEFAULT_DEAL_STAGES.sale).success).toBe(true);
    const [offer, , , won, lost] = DEFAULT_DEAL_STAGES.sale;
    expect(DealStagesSchema.safeParse([won, offer, lost]).success).toBe(false);
    expect(DealStagesSchema.safeParse([offer, won, won, lost]).success).toBe(false);
    expect(DealStagesSchema.safeParse([offer, offer, won, lost]).success).toBe(false);
  });
});
