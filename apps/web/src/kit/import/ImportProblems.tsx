import { IMPORT_LIMITS, IMPORT_TEXT as T, type ImportColumn, type ImportRowError } from '@crm/domain';
import { Table, Typography } from 'antd';

interface ImportProblemsProps {
  errors: readonly ImportRowError[];
  columns: readonly ImportColumn[];
  /** Rows with problems in all (the list holds at most a few hundred). */
  invalid: number;
}

/** Each bad row's number in the file, the field (by its label) and the message. */
export function ImportProblems({ errors, columns, invalid }: ImportProblemsProps) {
  if (!errors.length) return null;
  const labelOf = (field: string | null) => columns.find((column) => column.field === field)?.label ?? field ?? '-';
  return (
    <>
      <Typography.Title level={5}>{T.problems}</Typography.Title>
      <Table
        size="small"
        rowKey={(error) => `${error.row}-${error.field ?? ''}-${error.message}`}
        dataSource={[...errors]}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        data-testid="import-problems"
        columns={[
          { title: T.row, dataIndex: 'row', width: 80 },
          { title: T.field, dataIndex: 'field', width: 180, render: (field: string | null) => labelOf(field) },
          { title: T.message, dataIndex: 'message' },
        ]}
      />
      {errors.length >= IMPORT_LIMITS.MAX_REPORTED_ERRORS && invalid > 0 && (
        <Typography.Text type="secondary">{T.moreProblems(errors.length)}</Typography.Text>
      )}
    </>
  );
}
