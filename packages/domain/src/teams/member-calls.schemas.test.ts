import { describe, expect, it } from 'vitest';
import { MemberBulkUpdateInputSchema, ratingStats } from './member-calls.schemas.js';

describe('ratingStats', () => {
  it('counts, averages to 2 decimals and fills every value of the distribution', () => {
    expect(
      ratingStats(
        new Map([
          [5, 2],
          [4, 1],
        ]),
      ),
    ).toEqual({ count: 3, average: 4.67, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 } });
    expect(ratingStats(new Map())).toEqual({ count: 0, average: null, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });
});

describe('MemberBulkUpdateInputSchema', () => {
  const id = '0190f5a0-0000-7000-8000-000000000001';
  it('needs ids and at least one change', () => {
    expect(MemberBulkUpdateInputSchema.safeParse({ ids: [id], changes: { enabled: false } }).success).toBe(true);
    const none = MemberBulkUpdateInputSchema.safeParse({ ids: [id], changes: {} });
    expect(none.error?.issues[0]?.message).toBe('Choose at least one change.');
    const empty = MemberBulkUpdateInputSchema.safeParse({ ids: [], changes: { enabled: true } });
    expect(empty.error?.issues[0]?.message).toBe('Choose at least one team member.');
  });
  it('refuses unknown changes', () => {
    expect(MemberBulkUpdateInputSchema.safeParse({ ids: [id], changes: { name: 'x' } }).success).toBe(false);
  });
});
