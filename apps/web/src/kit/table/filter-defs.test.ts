import { customerContract, datePresetRange, leadContract, listingContract } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { customFieldFilters } from '../custom-fields/custom-field-list';
import { allOf, emptyFilterValues, filterConditions, filterDefsOf, hasSetFilters, parseFilterValues } from './filter-defs';

const NOW = new Date('2026-03-16T08:00:00Z');
const CUSTOMER_FILTERS = ['type', 'enabled', 'doNotDisturb', 'inputSource', 'createdAt'] as const;

describe('filters from a contract', () => {
  const defs = filterDefsOf(customerContract, CUSTOMER_FILTERS, true);

  it('picks a control per field kind, with the field label unless the screen names its own', () => {
    expect(defs.map((d) => [d.key, d.kind, d.label])).toEqual([
      ['type', 'values', 'Type'],
      ['enabled', 'boolean', 'Enabled'],
      ['doNotDisturb', 'boolean', 'Do Not Disturb'],
      ['inputSource', 'values', 'Input Source'],
      ['createdAt', 'date', 'Created At'],
    ]);
    // An enum offers its values; a distinct-valued text field asks the server.
    expect(defs[0]?.options).toEqual(['Client', 'External Agent', 'Spam']);
    expect(defs[3]?.options).toBeNull();
    expect(filterDefsOf(leadContract, [{ field: 'contactType', label: 'Type' }], true)[0]?.label).toBe('Type');
  });

  it('leaves sensitive fields out for a caller without the permission, and refuses a field no control fits', () => {
    expect(filterDefsOf(customerContract, ['email'], false)).toEqual([]);
    expect(() => filterDefsOf(customerContract, ['email'], true)).toThrow(/cannot be a list filter/);
    expect(() => filterDefsOf(customerContract, ['nope'], true)).toThrow(/not a field/);
  });

  it('turns the set filters into conditions of the query, in order; a preset is judged in the caller zone', () => {
    const values = {
      ...emptyFilterValues(defs),
      type: ['Spam', 'Client'],
      enabled: false,
      createdAt: { preset: 'Today' as const },
    };
    const today = datePresetRange('Today', NOW, 'Asia/Dubai');
    expect(filterConditions(defs, values, NOW, 'Asia/Dubai')).toEqual([
      { type: { $in: ['Spam', 'Client'] } },
      { enabled: false },
      { createdAt: { $gte: today.from, $lte: today.to } },
    ]);
    expect(today.from).toBe('2026-03-15T20:00:00.000Z');
    expect(filterConditions(defs, emptyFilterValues(defs), NOW)).toEqual([]);
    expect(filterConditions(defs, { ...emptyFilterValues(defs), createdAt: { from: '2026-02-01', to: '2026-01-31' } }, NOW, 'UTC')).toEqual(
      [{ createdAt: { $gte: '2026-01-31T00:00:00.000Z', $lte: '2026-02-01T23:59:59.999Z' } }],
    );
  });

  it('queries a number field with numbers', () => {
    const bedrooms = filterDefsOf(listingContract, ['bedrooms'], true);
    expect(filterConditions(bedrooms, { bedrooms: ['2', '3'] }, NOW)).toEqual([{ bedrooms: { $in: [2, 3] } }]);
  });

  it("turns the custom fields' text, number range and day range into their operators", () => {
    const defs = customFieldFilters([
      { key: 'note', label: 'Note', type: 'text', options: [], required: false, enabled: true },
      { key: 'floor', label: 'Floor', type: 'number', options: [], required: false, enabled: true },
      { key: 'handover', label: 'Handover', type: 'date', options: [], required: false, enabled: true },
      { key: 'view', label: 'View', type: 'select', options: ['Sea', 'City'], required: false, enabled: true },
      { key: 'pets', label: 'Pets', type: 'boolean', options: [], required: false, enabled: true },
    ]);
    expect(defs.map((d) => [d.key, d.kind])).toEqual([
      ['customFields.note', 'text'],
      ['customFields.floor', 'range'],
      ['customFields.handover', 'days'],
      ['customFields.view', 'values'],
      ['customFields.pets', 'boolean'],
    ]);
    const values = {
      ...emptyFilterValues(defs),
      'customFields.note': ' sea (view) ',
      'customFields.floor': { min: 3, max: null },
      'customFields.handover': { from: '2027-03-01', to: '2027-01-01' },
    };
    expect(filterConditions(defs, values, NOW, 'Asia/Dubai')).toEqual([
      // Trimmed and matched literally: the regex specials escaped.
      { 'customFields.note': { $regex: 'sea \\(view\\)', $options: 'i' } },
      { 'customFields.floor': { $gte: 3 } },
      // Days as stored, in order, with no zone.
      { 'customFields.handover': { $gte: '2027-01-01', $lte: '2027-03-01' } },
    ]);
    expect(filterConditions(defs, { ...values, 'customFields.floor': { min: 1, max: 2 } }, NOW)[1]).toEqual({
      'customFields.floor': { $gte: 1, $lte: 2 },
    });
    expect(filterConditions(defs, { ...emptyFilterValues(defs), 'customFields.note': '  ' }, NOW)).toEqual([]);
    // Read back from the cache, and refused when they no longer read.
    expect(parseFilterValues(defs, JSON.parse(JSON.stringify(values)))).toEqual(values);
    expect(parseFilterValues(defs, { ...values, 'customFields.floor': { min: 'three', max: null } })).toBeNull();
    expect(parseFilterValues(defs, { ...values, 'customFields.handover': { preset: 'Today' } })).toBeNull();
    expect(parseFilterValues(defs, { ...values, 'customFields.floor': { min: null, max: null } })?.['customFields.floor']).toBeNull();
    expect(hasSetFilters({ ...emptyFilterValues(defs), 'customFields.note': '' })).toBe(false);
  });

  it('joins conditions into one query', () => {
    expect(allOf([])).toEqual({});
    expect(allOf([{ a: 1 }])).toEqual({ a: 1 });
    expect(allOf([{ a: 1 }, { b: 2 }])).toEqual({ $and: [{ a: 1 }, { b: 2 }] });
  });

  it('reads cached values back, refusing what no longer fits', () => {
    const set = { ...emptyFilterValues(defs), type: ['Spam'], enabled: true, createdAt: { preset: 'Last Month' as const } };
    expect(parseFilterValues(defs, JSON.parse(JSON.stringify(set)))).toEqual(set);
    expect(parseFilterValues(defs, { ...set, type: ['Nobody'] })).toBeNull();
    expect(parseFilterValues(defs, { ...set, enabled: 'yes' })).toBeNull();
    expect(parseFilterValues(defs, { ...set, createdAt: { preset: 'Next Week' } })).toBeNull();
    expect(parseFilterValues(defs, { ...set, inputSource: [1] })).toBeNull();
    expect(parseFilterValues(defs, null)).toBeNull();
    // A filter the screen added since is simply unset.
    expect(parseFilterValues(defs, { type: ['Client'] })).toEqual({ ...emptyFilterValues(defs), type: ['Client'] });
    expect(hasSetFilters(emptyFilterValues(defs))).toBe(false);
    expect(hasSetFilters(set)).toBe(true);
  });
});
