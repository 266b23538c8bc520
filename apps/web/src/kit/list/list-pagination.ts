import { MESSAGES, PAGE_SIZE_OPTIONS } from '@crm/domain';
import type { TablePaginationConfig } from 'antd';

// docs/product.md 'Lists': page sizes 20 (default), 40 and 60; the page-size select has a name of its own.

interface PaginationInput {
  page: number;
  limit: number;
  total: number;
  onChange: (page: number, limit: number) => void;
}

/** antd Table pagination of every list: the page, its size and the total, written once. */
export function listPagination({ page, limit, total, onChange }: PaginationInput): TablePaginationConfig {
  return {
    current: page,
    pageSize: limit,
    total,
    showSizeChanger: { 'aria-label': MESSAGES.list.pageSize },
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: (count, [from, to]) => MESSAGES.list.total(from, to, count),
    onChange,
  };
}
