import { ALL_ROWS_LIMIT, DEFAULT_PAGE_SIZE } from '../constants/limits.constants.js';

// docs/api.md 'The list filter' and docs/product.md 'Lists': page from 1 (0 or less becomes 1), limit default 20,
// 0 or less becomes 10, -1 means every row (lookups).
export const LIST_PAGING = {
  DEFAULT_LIMIT: DEFAULT_PAGE_SIZE,
  FALLBACK_LIMIT: 10,
  ALL: ALL_ROWS_LIMIT,
  /** A page never holds more than this: larger limits are clamped (meta.limit says what was used). */
  MAX_LIMIT: 1000,
  /**
   * `limit: -1` is for lookups: more matching rows than this is refused (400), so no one answer holds a table;
   * a caller who needs them all pages through them or exports them.
   */
  ALL_MAX_ROWS: 5_000,
} as const;

export interface PagingInput {
  page?: number | null;
  limit?: number | null;
  skip?: number | null;
}

export interface Paging {
  page: number;
  /** Rows asked for (for `all`, the safety cap). */
  limit: number;
  offset: number;
  /** `limit: -1`: page 1, offset 0, every row up to ALL_MAX_ROWS. */
  all: boolean;
}

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function normalizePaging(input: PagingInput = {}): Paging {
  const rawLimit = finite(input.limit) ? Math.trunc(input.limit) : LIST_PAGING.DEFAULT_LIMIT;
  if (rawLimit === LIST_PAGING.ALL) return { page: 1, limit: LIST_PAGING.ALL_MAX_ROWS, offset: 0, all: true };
  const limit = rawLimit <= 0 ? LIST_PAGING.FALLBACK_LIMIT : Math.min(rawLimit, LIST_PAGING.MAX_LIMIT);
  if (finite(input.skip) && input.skip >= 0) {
    // An explicit skip wins over page; the page reported is the one that skip falls in.
    const offset = Math.trunc(input.skip);
    return { page: Math.floor(offset / limit) + 1, limit, offset, all: false };
  }
  const page = finite(input.page) && input.page >= 1 ? Math.trunc(input.page) : 1;
  return { page, limit, offset: (page - 1) * limit, all: false };
}

export interface PaginatorMeta {
  total: number;
  offset: number;
  limit: number;
  totalPages: number;
  page: number;
  /** 1-based position of the page's first row; 0 when the page is empty. */
  from: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  prev: number | null;
  next: number | null;
}

/**
 * The paginator (docs/api.md 'Answers'). `limit` of -1 (or an `all` paging) reports one page holding every row.
 * `offset` defaults to the page's first row.
 */
export function buildPaginatorMeta(total: number, page: number, limit: number, offset?: number): PaginatorMeta {
  const safeTotal = Math.max(0, Math.trunc(total));
  if (limit === LIST_PAGING.ALL) {
    return {
      total: safeTotal,
      offset: 0,
      limit: safeTotal,
      totalPages: 1,
      page: 1,
      from: safeTotal ? 1 : 0,
      hasPrevPage: false,
      hasNextPage: false,
      prev: null,
      next: null,
    };
  }
  const safeLimit = limit > 0 ? Math.trunc(limit) : LIST_PAGING.FALLBACK_LIMIT;
  const safePage = page >= 1 ? Math.trunc(page) : 1;
  const safeOffset = offset !== undefined && offset >= 0 ? Math.trunc(offset) : (safePage - 1) * safeLimit;
  const totalPages = Math.max(1, Math.ceil(safeTotal / safeLimit));
  const hasPrevPage = safePage > 1;
  const hasNextPage = safePage < totalPages;
  return {
    total: safeTotal,
    offset: safeOffset,
    limit: safeLimit,
    totalPages,
    page: safePage,
    from: safeOffset < safeTotal ? safeOffset + 1 : 0,
    hasPrevPage,
    hasNextPage,
    prev: hasPrevPage ? safePage - 1 : null,
    next: hasNextPage ? safePage + 1 : null,
  };
}

/** The meta of a list answered with `paging` (from normalizePaging). */
export function paginatorMetaFor(total: number, paging: Paging): PaginatorMeta {
  if (paging.all && total <= paging.limit) return buildPaginatorMeta(total, 1, LIST_PAGING.ALL);
  // More rows than an `all` list may carry: say so honestly, as a first page of ALL_MAX_ROWS.
  return buildPaginatorMeta(total, paging.page, paging.limit, paging.offset);
}
