import { describe, expect, it } from 'vitest';
import { buildPaginatorMeta, LIST_PAGING, normalizePaging, paginatorMetaFor } from './paging.js';
import { ListFilterSchema, encodeListFilter } from './list-filter.schema.js';
import { ListResponseSchema } from './list-response.schema.js';

describe('normalizePaging', () => {
  it('defaults to page 1 of 20', () => {
    expect(normalizePaging()).toEqual({ page: 1, limit: 20, offset: 0, all: false });
  });
  it('turns page 0 or less into 1', () => {
    expect(normalizePaging({ page: 0 }).page).toBe(1);
    expect(normalizePaging({ page: -7 }).page).toBe(1);
  });
  it('turns limit 0 or less (but not -1) into 10', () => {
    expect(normalizePaging({ limit: 0 }).limit).toBe(10);
    expect(normalizePaging({ limit: -2 }).limit).toBe(10);
  });
  it('treats -1 as every row: page 1, offset 0, capped', () => {
    expect(normalizePaging({ limit: -1, page: 5, skip: 40 })).toEqual({ page: 1, limit: LIST_PAGING.ALL_MAX_ROWS, offset: 0, all: true });
  });
  it('computes the offset of a page', () => {
    expect(normalizePaging({ page: 3, limit: 40 })).toEqual({ page: 3, limit: 40, offset: 80, all: false });
  });
  it('lets skip win over page and reports the page it falls in', () => {
    expect(normalizePaging({ page: 9, limit: 20, skip: 45 })).toEqual({ page: 3, limit: 20, offset: 45, all: false });
  });
  it('clamps huge limits', () => {
    expect(normalizePaging({ limit: 1_000_000 }).limit).toBe(LIST_PAGING.MAX_LIMIT);
  });
  it('ignores non-finite numbers', () => {
    expect(normalizePaging({ page: Number.NaN, limit: Number.POSITIVE_INFINITY })).toEqual({ page: 1, limit: 20, offset: 0, all: false });
  });
});

describe('buildPaginatorMeta', () => {
  it('describes a middle page', () => {
    expect(buildPaginatorMeta(95, 2, 20)).toEqual({
      total: 95,
      offset: 20,
      limit: 20,
      totalPages: 5,
      page: 2,
      from: 21,
      hasPrevPage: true,
      hasNextPage: true,
      prev: 1,
      next: 3,
    });
  });
  it('describes the last page', () => {
    expect(buildPaginatorMeta(95, 5, 20)).toMatchObject({ totalPages: 5, hasNextPage: false, next: null, prev: 4, from: 81 });
  });
  it('describes an empty list as one empty page', () => {
    expect(buildPaginatorMeta(0, 1, 20)).toEqual({
      total: 0,
      offset: 0,
      limit: 20,
      totalPages: 1,
      page: 1,
      from: 0,
      hasPrevPage: false,
      hasNextPage: false,
      prev: null,
      next: null,
    });
  });
  it('handles an exact multiple of the limit', () => {
    expect(buildPaginatorMeta(40, 2, 20)).toMatchObject({ totalPages: 2, hasNextPage: false, from: 21 });
  });
  it('reports a page past the end as empty with a previous page', () => {
    expect(buildPaginatorMeta(10, 4, 20)).toMatchObject({ from: 0, hasPrevPage: true, prev: 3, hasNextPage: false });
  });
  it('reports an all-rows list as one page holding everything', () => {
    expect(buildPaginatorMeta(7, 3, -1)).toEqual({
      total: 7,
      offset: 0,
      limit: 7,
      totalPages: 1,
      page: 1,
      from: 1,
      hasPrevPage: false,
      hasNextPage: false,
      prev: null,
      next: null,
    });
  });
  it('uses an explicit offset', () => {
    expect(buildPaginatorMeta(100, 3, 20, 45)).toMatchObject({ offset: 45, from: 46 });
  });
  it('says so when an all-rows list hits its cap', () => {
    const meta = paginatorMetaFor(LIST_PAGING.ALL_MAX_ROWS + 1, normalizePaging({ limit: -1 }));
    expect(meta).toMatchObject({ limit: LIST_PAGING.ALL_MAX_ROWS, totalPages: 2, hasNextPage: true, next: 2 });
    expect(paginatorMetaFor(3, normalizePaging({ limit: -1 }))).toMatchObject({ limit: 3, totalPages: 1 });
  });
});

describe('ListFilterSchema', () => {
  it('parses a full filter', () => {
    const parsed = ListFilterSchema.parse({
      page: 2,
      limit: '40',
      skip: 0,
      sort: { createdAt: -1 },
      select: 'name email',
      populate: ['developer', { path: 'agent', select: ['name'] }],
      query: { name: 'x' },
    });
    expect(parsed).toEqual({
      page: 2,
      limit: 40,
      skip: 0,
      sort: { createdAt: -1 },
      select: ['name', 'email'],
      populate: [{ path: 'developer' }, { path: 'agent', select: ['name'] }],
      query: { name: 'x' },
    });
  });
  it('accepts a single populate name', () => {
    expect(ListFilterSchema.parse({ populate: 'developer' }).populate).toEqual([{ path: 'developer' }]);
  });
  it('rejects unknown keys, two sort keys, bad directions, non-integers and non-object queries', () => {
    expect(ListFilterSchema.safeParse({ where: {} }).success).toBe(false);
    expect(ListFilterSchema.safeParse({ sort: { a: 1, b: -1 } }).success).toBe(false);
    expect(ListFilterSchema.safeParse({ sort: { a: 'desc' } }).success).toBe(false);
    expect(ListFilterSchema.safeParse({ page: 1.5 }).success).toBe(false);
    expect(ListFilterSchema.safeParse({ page: true }).success).toBe(false);
    expect(ListFilterSchema.safeParse({ skip: -1 }).success).toBe(false);
    expect(ListFilterSchema.safeParse({ query: [] }).success).toBe(false);
    expect(ListFilterSchema.safeParse({ query: 'name' }).success).toBe(false);
  });
  it('keeps the parsed query object itself, hostile keys included', () => {
    const query = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const parsed = ListFilterSchema.parse({ query });
    expect(parsed.query).toBe(query);
    expect(Object.keys(parsed.query ?? {})).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('round-trips through the query parameter encoding', () => {
    expect(ListFilterSchema.parse(JSON.parse(encodeListFilter({ limit: -1, query: { a: { $in: [1] } } })))).toEqual({
      limit: -1,
      query: { a: { $in: [1] } },
    });
  });
});

describe('ListResponseSchema', () => {
  it('accepts a list answer and rejects a record without _id', () => {
    const meta = buildPaginatorMeta(1, 1, 20);
    expect(ListResponseSchema.safeParse({ data: [{ _id: 'a', name: 'x' }], meta }).success).toBe(true);
    expect(ListResponseSchema.safeParse({ data: [{ name: 'x' }], meta }).success).toBe(false);
  });
});
