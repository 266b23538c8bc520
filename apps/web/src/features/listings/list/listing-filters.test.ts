import { describe, expect, it } from 'vitest';
import { DEFAULT_LISTING_OWN_FILTERS, listingOwnConditions, parseListingOwnFilters } from './listing-filters';

const now = new Date('2026-06-01T12:00:00Z');

describe("the listings list's own filters", () => {
  it('ask nothing when unset, and each set filter as one condition', () => {
    expect(listingOwnConditions(DEFAULT_LISTING_OWN_FILTERS, now)).toEqual([]);
    const conditions = listingOwnConditions(
      { ...DEFAULT_LISTING_OWN_FILTERS, agents: ['a'], tags: ['sea view'], permit: ['missing'], priceMin: 1_000_000, sizeMax: 2000 },
      now,
    );
    expect(conditions).toEqual([
      { agent: { $in: ['a'] } },
      { tags: { $in: ['sea view'] } },
      { $or: [{ permitNumber: null }] },
      { price: { $gte: 1_000_000 } },
      { size: { $lte: 2000 } },
    ]);
  });

  it('read back a cached state, or nothing when it no longer reads', () => {
    const state = { ...DEFAULT_LISTING_OWN_FILTERS, permit: ['expiring'], priceMax: 5 };
    expect(parseListingOwnFilters(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(parseListingOwnFilters({ ...state, permit: ['soon'] })).toBeNull();
    expect(parseListingOwnFilters({ ...state, priceMin: -1 })).toBeNull();
    expect(parseListingOwnFilters('x')).toBeNull();
  });
});
