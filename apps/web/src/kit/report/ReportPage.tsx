import { Alert, Card, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { toApiError } from '../api/api-error';
import { ResourcePage } from '../page/ResourcePage';

export interface ReportTableProps<Row> extends Pick<TableProps<Row>, 'rowKey' | 'columns' | 'dataSource' | 'pagination'> {
  loading: boolean;
  /** The table's test id, e.g. 'offices-table'. */
  testId: string;
  /** What an empty report says (antd's 'No data' unless given). */
  emptyText?: string;
}

export interface ReportPageProps<Row> {
  title: string;
  /** The report's Export (ReportExportButton) of what the screen shows. */
  exportButton: ReactNode;
  /** The filter bar above the figures. */
  filters: ReactNode;
  /** The figures' read failed (a tRPC error): the envelope's message above them. */
  error: { readonly message: string } | null;
  /** A chart above the table (ReportBarChart), when the report has one. */
  chart?: ReactNode;
  /** The figures; a count in a cell links to the filtered list behind it (the columns' render). */
  table: ReportTableProps<Row>;
}

/**
 * A report screen (the team's Brokers, Managers and Offices): title and Export, filters, the read's failure, an
 * optional chart, then the figures' table, wide tables scrolling sideways.
 */
export function ReportPage<Row extends object>({ title, exportButton, filters, error, chart, table }: ReportPageProps<Row>) {
  const { testId, emptyText, pagination = false, ...rest } = table;
  return (
    <ResourcePage title={title} actions={exportButton}>
      <Card>
        {filters}
        {error && <Alert type="error" showIcon title={toApiError(error).message} style={{ marginBottom: 12 }} />}
        {chart}
        <Table<Row>
          {...rest}
          pagination={pagination}
          scroll={{ x: true }}
          {...(emptyText ? { locale: { emptyText } } : {})}
          data-testid={testId}
        />
      </Card>
    </ResourcePage>
  );
}
