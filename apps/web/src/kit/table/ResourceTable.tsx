import type { AnyResourceContract, ContractRow } from '@crm/domain';
import { Alert, Flex, Space, Table } from 'antd';
import type { ReactNode } from 'react';
import { ExportButton } from '../export/ExportButton';
import { BulkDeleteButton } from './BulkDeleteButton';
import { ColumnChooser } from './ColumnChooser';
import { ResourceFilters } from './ResourceFilters';
import { SearchBox } from './SearchBox';
import type { ResourceTableState } from './useResourceTable';
import './resource-table.css';

interface ResourceTableProps<C extends AnyResourceContract, X> {
  table: ResourceTableState<C, X>;
  /** Controls of the screen's own filters, before the contract's. */
  filters?: ReactNode;
  /** More toolbar buttons. */
  actions?: ReactNode;
  /** The CSV/XLSX export of the current filter (default on). */
  exportable?: boolean;
  testId?: string;
  /** Shown instead of the table: another view of the same rows (listings' cards), under the same toolbar. */
  body?: ReactNode;
}

/** A list screen's toolbar and table (docs/product.md 'Lists'), from `useResourceTable`. */
export function ResourceTable<C extends AnyResourceContract, X>({
  table,
  filters,
  actions,
  exportable = true,
  testId,
  body,
}: ResourceTableProps<C, X>) {
  const { toolbar } = table;
  return (
    <>
      <ResourceFilters toolbar={toolbar}>{filters}</ResourceFilters>
      <Flex wrap gap={12} justify="space-between" align="center" style={{ marginBottom: 12 }}>
        {toolbar.search !== null ? (
          <SearchBox labelMany={toolbar.contract.label.many} value={toolbar.search} onChange={toolbar.setSearch} />
        ) : (
          <span />
        )}
        <Space wrap>
          <BulkDeleteButton count={toolbar.selected.length} onClick={toolbar.deleteSelected} />
          <ColumnChooser columns={toolbar.columns} />
          {exportable && <ExportButton contract={toolbar.contract} filter={toolbar.exportFilter} expectedRows={toolbar.expectedRows} />}
          {actions}
        </Space>
      </Flex>
      {toolbar.error && <Alert type="error" showIcon title={toolbar.error} style={{ marginBottom: 16 }} data-testid="list-error" />}
      {body ?? <Table<ContractRow<C>> {...table.tableProps} data-testid={testId ?? `${toolbar.contract.name}-table`} />}
    </>
  );
}
