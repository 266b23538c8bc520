import { describe, expect, it } from 'vitest';
import {
  columnSortOrder,
  effectiveSort,
  initialListState,
  listSortOf,
  normalizeListPaging,
  sortFromTable,
  toListFilter,
  withFilters,
  withPage,
  withSort,
  type ListSort,
} from './list-state';

const DEFAULT_SORT: ListSort = { field: 'dataSourceCreatedAt', order: 'descend' };

describe('list paging', () => {
  it('starts at page 1 of 20 with the default sort', () => {
    expect(initialListState({ q: '' })).toEqual({ page: 1, limit: 20, sort: null, filters: { q: '' } });
  });
  it('turns page 0 or less into 1 and page size 0 or less into 10', () => {
    expect(normalizeListPaging(0, 20)).toEqual({ page: 1, limit: 20 });
    expect(normalizeListPaging(-3, 0)).toEqual({ page: 1, limit: 10 });
    expect(normalizeListPaging(4, -5)).toEqual({ page: 4, limit: 10 });
  });
  it('keeps the page on a page change and goes back to page 1 on a new page size', () => {
    const state = { ...initialListState({}), page: 3 };
    expect(withPage(state, 5)).toMatchObject({ page: 5, limit: 20 });
    expect(withPage(state, 5, 40)).toMatchObject({ page: 1, limit: 40 });
    expect(withPage(state, 0)).toMatchObject({ page: 1 });
  });
  it('goes back to page 1 when the filters or the sort change', () => {
    const state = { ...initialListState({ status: 'Open' }), page: 4 };
    expect(withFilters(state, { status: 'Closed' })).toMatchObject({ page: 1, filters: { status: 'Closed' } });
    expect(withSort(state, { field: 'leadID', order: 'ascend' })).toMatchObject({ page: 1, sort: { field: 'leadID', order: 'ascend' } });
  });
});

describe('one sort key', () => {
  it("reads antd's sorter, and a cleared sort as null", () => {
    expect(sortFromTable({ field: 'leadID', columnKey: 'leadID', order: 'ascend' })).toEqual({ field: 'leadID', order: 'ascend' });
    expect(sortFromTable({ field: ['agent', 'name'], columnKey: 'agentName', order: 'descend' })).toEqual({
      field: 'agentName',
      order: 'descend',
    });
    expect(sortFromTable({ field: 'leadID', columnKey: 'leadID', order: null })).toBeNull();
    expect(sortFromTable({ field: 'leadID' })).toBeNull();
  });
  it('keeps only the first sorted column of a multiple sorter', () => {
    expect(
      sortFromTable([
        { columnKey: 'a', order: null },
        { columnKey: 'b', order: 'ascend' },
        { columnKey: 'c', order: 'descend' },
      ]),
    ).toEqual({ field: 'b', order: 'ascend' });
  });
  it('falls back to the default sort when cleared', () => {
    expect(effectiveSort(null, DEFAULT_SORT)).toEqual(DEFAULT_SORT);
    expect(columnSortOrder('dataSourceCreatedAt', null, DEFAULT_SORT)).toBe('descend');
    expect(columnSortOrder('leadID', null, DEFAULT_SORT)).toBeNull();
    expect(columnSortOrder('leadID', { field: 'leadID', order: 'ascend' }, DEFAULT_SORT)).toBe('ascend');
    expect(columnSortOrder('dataSourceCreatedAt', { field: 'leadID', order: 'ascend' }, DEFAULT_SORT)).toBeNull();
  });
  it("reads the domain's { field: -1 } default", () => {
    expect(listSortOf({ dataSourceCreatedAt: -1 })).toEqual(DEFAULT_SORT);
    expect(listSortOf({ name: 1 })).toEqual({ field: 'name', order: 'ascend' });
  });
});

const SORTABLE = ['dataSourceCreatedAt', 'leadID'] as const;

describe('toListFilter', () => {
  it('builds the list call filter with paging, one sort key and the extras', () => {
    const state = { ...initialListState({}), page: 2, limit: 40 };
    expect(toListFilter(state, DEFAULT_SORT, SORTABLE, { query: { status: 'Open' }, select: ['leadID'] })).toEqual({
      query: { status: 'Open' },
      select: ['leadID'],
      page: 2,
      limit: 40,
      sort: { dataSourceCreatedAt: -1 },
    });
    expect(toListFilter({ ...state, sort: { field: 'leadID', order: 'ascend' } }, DEFAULT_SORT, SORTABLE, {}).sort).toEqual({ leadID: 1 });
  });
  it('falls back to the default sort for a field the contract cannot sort by', () => {
    const state = { ...initialListState({}), sort: { field: 'remarks', order: 'ascend' as const } };
    expect(toListFilter(state, DEFAULT_SORT, SORTABLE, {}).sort).toEqual({ dataSourceCreatedAt: -1 });
  });
  it('normalises bad paging on the way out', () => {
    expect(toListFilter({ ...initialListState({}), page: 0, limit: 0 }, DEFAULT_SORT, SORTABLE, {})).toMatchObject({ page: 1, limit: 10 });
  });
});
