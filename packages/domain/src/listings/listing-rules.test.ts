import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES } from './listing-messages.js';
import { listingRuleErrors, permitFilterQuery, permitStateOf, rentFrequencyFor } from './listing-rules.js';

const now = new Date('2026-06-01T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('listing rules', () => {
  it('keeps a frequency for rents only, yearly unless named', () => {
    expect(rentFrequencyFor('Rent', null)).toBe('Yearly');
    expect(rentFrequencyFor('Rent', 'Monthly')).toBe('Monthly');
    expect(rentFrequencyFor('Sale', 'Monthly')).toBeNull();
    expect(listingRuleErrors({ leadType: 'Sale', rentFrequency: 'Monthly' })).toEqual({
      rentFrequency: [LISTING_MESSAGES.rentFrequencyOnlyForRent],
    });
    expect(listingRuleErrors({ leadType: 'Rent', rentFrequency: 'Monthly' })).toEqual({});
  });

  it('asks a permit number for its expiry', () => {
    expect(listingRuleErrors({ permitNumber: '7117' })).toEqual({ permitExpiresAt: [LISTING_MESSAGES.permitExpiryRequired] });
    expect(listingRuleErrors({ permitNumber: '7117', permitExpiresAt: inDays(10) })).toEqual({});
  });

  it('tells a permit missing, expired, expiring within 30 days, or valid', () => {
    expect(permitStateOf({ permitNumber: null }, now)).toBe('missing');
    expect(permitStateOf({ permitNumber: 'P', permitExpiresAt: inDays(-1) }, now)).toBe('expired');
    expect(permitStateOf({ permitNumber: 'P', permitExpiresAt: inDays(30) }, now)).toBe('expiring');
    expect(permitStateOf({ permitNumber: 'P', permitExpiresAt: inDays(31) }, now)).toBe('valid');
    expect(permitFilterQuery(['missing', 'expiring'], now)).toEqual({
      $or: [{ permitNumber: null }, { permitNumber: { $ne: null }, permitExpiresAt: { $gte: now.toISOString(), $lte: inDays(30) } }],
    });
  });
});
