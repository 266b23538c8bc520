import { describe, expect, it } from 'vitest';
import { leadDetailItems } from './lead-detail';
import { leadRecord } from './lead-record.fixture';

describe('lead detail fields', () => {
  it('reads the lead record as labelled values, with - for empty ones', () => {
    const items = leadDetailItems(
      leadRecord({
        leadID: 'L-0007',
        type: 'offplan',
        customer: { _id: 'c-1', fullName: 'Sara Client', phoneNumber: '+971500000000' },
        agent: { _id: 'a-1', name: 'Ali Agent', officeName: 'Marina' },
        minBedrooms: 2,
        maxBedrooms: 3,
        minPrice: 1000000,
        amenities: ['Pool', 'Gym'],
        city: 'Dubai',
        location: 'Dubai Marina',
      }),
      'Asia/Dubai',
    );
    const value = (key: string) => items.find((item) => item.key === key)?.value;
    expect(value('leadID')).toBe('L-0007');
    expect(value('type')).toBe('Off Plan');
    expect(value('customer')).toBe('Sara Client');
    expect(value('customerEmail')).toBe('-');
    expect(value('officeName')).toBe('Marina');
    expect(value('bedrooms')).toBe('2 - 3');
    expect(value('budget')).toBe('1,000,000.00+');
    expect(value('amenities')).toBe('Pool, Gym');
    expect(value('location')).toBe('Dubai Marina, Dubai');
    expect(value('dataSourceCreatedAt')).toBe('Mar 1, 2026, 2:00 PM');
    expect(value('remarks')).toBe('-');
    expect(value('updatedByName')).toBe('-');
  });

  it('reads a customer left as its id as unknown', () => {
    expect(leadDetailItems(leadRecord({}), undefined).find((item) => item.key === 'customer')?.value).toBe('-');
  });
});
