import { customerContract, leadContract, MESSAGES } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { refIdOf, relatedName } from '../resource/refs';
import { fieldText } from './field-text';

const lead = leadContract.fields;
const customer = customerContract.fields;

describe('a value read by its field kind', () => {
  it('shows dates in the caller zone and money with two decimals', () => {
    expect(fieldText(lead.dataSourceCreatedAt, '2026-03-15T20:30:00.000Z', 'Asia/Dubai')).toBe('Mar 16, 2026, 12:30 AM');
    expect(fieldText(lead.dataSourceCreatedAt, '2026-03-15T20:30:00.000Z', 'UTC')).toBe('Mar 15, 2026, 8:30 PM');
    expect(fieldText(lead.minPrice, 1250000, undefined)).toBe('1,250,000.00');
    expect(fieldText(lead.minPrice, 0.5, undefined)).toBe('0.50');
  });
  it('reads booleans as Yes/No, references by name, lists joined, and empties as a dash', () => {
    expect(fieldText(customer.enabled, true)).toBe(MESSAGES.common.yes);
    expect(fieldText(customer.doNotDisturb, false)).toBe(MESSAGES.common.no);
    expect(fieldText(lead.agent, { _id: 'a1', name: 'Aisha Khan' })).toBe('Aisha Khan');
    expect(fieldText(lead.listing, { _id: 'l1', reference: 'MAR-S-1001' })).toBe('MAR-S-1001');
    expect(fieldText(lead.amenities, ['Pool', 'Gym'])).toBe('Pool, Gym');
    expect(fieldText(lead.minBedrooms, 3)).toBe('3');
    for (const empty of [null, undefined, '', []]) expect(fieldText(lead.source, empty)).toBe('-');
  });
});

describe('references', () => {
  it('read the id of a reference, populated or not, and a record by its name', () => {
    expect(refIdOf('c1')).toBe('c1');
    expect(refIdOf({ _id: 'c2' })).toBe('c2');
    expect(refIdOf(null)).toBeUndefined();
    expect(refIdOf('')).toBeUndefined();
    expect(relatedName({ _id: 'x', fullName: 'Omar Farouk' })).toBe('Omar Farouk');
    expect(relatedName({ _id: 'x' })).toBeUndefined();
  });
});
