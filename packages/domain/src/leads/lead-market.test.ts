import { describe, expect, it } from 'vitest';
import { deriveMarket } from './lead-market.js';

describe('deriveMarket', () => {
  it('is Off Plan when a project is set, even with a listing', () => {
    expect(deriveMarket({ project: 'p1' })).toBe('Off Plan');
    expect(deriveMarket({ project: { _id: 'p1' }, listing: 'l1' })).toBe('Off Plan');
  });
  it('is Secondary when only a listing (or listings) is set', () => {
    expect(deriveMarket({ listing: 'l1' })).toBe('Secondary');
    expect(deriveMarket({ listings: [{ _id: 'l1' }] })).toBe('Secondary');
    expect(deriveMarket({ project: null, listing: 'l1' })).toBe('Secondary');
  });
  it('is General when neither is set (null, empty string, empty list)', () => {
    expect(deriveMarket({})).toBe('General');
    expect(deriveMarket({ project: null, listing: '', listings: [] })).toBe('General');
  });
});
