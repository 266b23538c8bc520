import { customerContract } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { initialListState } from '../list/list-state';
import { filterDefsOf } from './filter-defs';
import { tableRequest } from './table-request';
import { initialTableFilters } from './table-state';

const defs = filterDefsOf(customerContract, ['type', 'enabled'], true);
const base = {
  defs,
  defaultSort: { field: 'createdAt', order: 'descend' as const },
  sortable: customerContract.keys.sortable,
  select: ['_id', 'fullName'],
  searchable: ['fullName', 'customerID'],
  now: new Date('2026-03-16T08:00:00Z'),
};

describe('a list screen request', () => {
  it('pages, sorts by the default and asks for the columns only', () => {
    const { filter, keyword } = tableRequest({ ...base, state: initialListState(initialTableFilters(defs, undefined)) });
    expect(filter).toEqual({ page: 1, limit: 20, sort: { createdAt: -1 }, query: {}, select: ['_id', 'fullName'] });
    expect(keyword).toBeUndefined();
  });

  it('joins the fixed conditions, the filters and the screen own filters; the export adds the search', () => {
    const state = {
      ...initialListState({ values: { type: ['Spam'], enabled: true }, search: ' Om+ ', extra: { spamOnly: true } }),
      page: 3,
      limit: 40,
      sort: { field: 'fullName', order: 'ascend' as const },
    };
    const request = tableRequest({
      ...base,
      state,
      fixed: { asset: 'a1' },
      extra: { initial: { spamOnly: false }, parse: () => null, conditions: (x) => (x.spamOnly ? [{ doNotDisturb: false }] : []) },
      populate: ['avatar'],
    });
    const conditions = [{ asset: 'a1' }, { type: { $in: ['Spam'] } }, { enabled: true }, { doNotDisturb: false }];
    expect(request.filter).toEqual({
      page: 3,
      limit: 40,
      sort: { fullName: 1 },
      query: { $and: conditions },
      select: ['_id', 'fullName'],
      populate: ['avatar'],
    });
    expect(request.keyword).toBe('Om\\+');
    expect(request.exportFilter).toEqual({
      query: { $and: [...conditions, { $or: [{ fullName: { $regex: 'Om\\+' } }, { customerID: { $regex: 'Om\\+' } }] }] },
      sort: { fullName: 1 },
    });
  });

  it('ignores search text where the list has no search', () => {
    const state = initialListState({ values: { type: [], enabled: null }, search: 'x', extra: null });
    expect(tableRequest({ ...base, searchable: [], state }).keyword).toBeUndefined();
  });
});
