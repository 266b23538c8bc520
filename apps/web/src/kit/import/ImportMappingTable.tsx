import { IMPORT_TEXT as T, type ImportMapping, type ImportPreview } from '@crm/domain';
import { Select, Table, Typography } from 'antd';

interface ImportMappingTableProps {
  preview: ImportPreview;
  mapping: ImportMapping;
  onChange: (header: string, field: string | null) => void;
}

const SKIP = '';

/** Each column of the file, its first value, and the field it imports into (a labelled select per column). */
export function ImportMappingTable({ preview, mapping, onChange }: ImportMappingTableProps) {
  const options = [
    { value: SKIP, label: T.skip },
    ...preview.columns.map((column) => ({
      value: column.field,
      label: column.required ? `${column.label} (${T.required})` : column.label,
    })),
  ];
  const rows = preview.headers.map((header, index) => ({ header, index, sample: preview.sample[0]?.[index] ?? '' }));
  return (
    <Table
      size="small"
      rowKey="index"
      pagination={false}
      dataSource={rows}
      scroll={{ y: 360 }}
      data-testid="import-mapping"
      columns={[
        { title: T.columnInFile, dataIndex: 'header', render: (header: string) => <Typography.Text strong>{header}</Typography.Text> },
        { title: T.sample, dataIndex: 'sample', ellipsis: true },
        {
          title: T.importsInto,
          key: 'field',
          width: 260,
          render: (_, row) => (
            <Select
              aria-label={T.fieldFor(row.header)}
              value={mapping[row.header] ?? SKIP}
              options={options}
              onChange={(value: string) => onChange(row.header, value === SKIP ? null : value)}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: '100%' }}
            />
          ),
        },
      ]}
    />
  );
}
