import { customerContract } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { filterDefsOf } from './filter-defs';
import { type ExtraFilters, initialTableFilters, parseTableFilters, tableFiltersChanged } from './table-state';

const defs = filterDefsOf(customerContract, ['type', 'enabled'], true);
const extra: ExtraFilters<{ excludeTest: boolean }> = {
  initial: { excludeTest: true },
  parse: (value) =>
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'excludeTest') === 'boolean'
      ? { excludeTest: Reflect.get(value, 'excludeTest') === true }
      : null,
  conditions: (value) => (value.excludeTest ? [{ isTest: false }] : []),
};

describe('a list screen filter state', () => {
  it('starts empty, with the screen defaults of its own filters', () => {
    expect(initialTableFilters(defs, undefined)).toEqual({ values: { type: [], enabled: null }, search: '', extra: null });
    expect(initialTableFilters(defs, extra).extra).toEqual({ excludeTest: true });
  });

  it('reads a cached state back, refusing it when a part no longer reads', () => {
    const state = { values: { type: ['Spam'], enabled: true }, search: 'omar', extra: { excludeTest: false } };
    expect(parseTableFilters(defs, extra, JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(parseTableFilters(defs, undefined, state)).toEqual({ ...state, extra: null });
    expect(parseTableFilters(defs, extra, { ...state, extra: 'x' })).toBeNull();
    expect(parseTableFilters(defs, extra, { ...state, search: 3 })).toBeNull();
    expect(parseTableFilters(defs, extra, { ...state, values: { type: ['Nobody'] } })).toBeNull();
    expect(parseTableFilters(defs, extra, 'state')).toBeNull();
  });

  it('knows when the filters differ from a fresh start', () => {
    const initial = initialTableFilters(defs, extra);
    expect(tableFiltersChanged(initial, initial)).toBe(false);
    expect(tableFiltersChanged({ ...initial, search: '  ' }, initial)).toBe(false);
    expect(tableFiltersChanged({ ...initial, search: 'a' }, initial)).toBe(true);
    expect(tableFiltersChanged({ ...initial, extra: { excludeTest: false } }, initial)).toBe(true);
    expect(tableFiltersChanged({ ...initial, values: { type: [], enabled: false } }, initial)).toBe(true);
  });
});
