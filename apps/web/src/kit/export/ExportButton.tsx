import { DownloadOutlined } from '@ant-design/icons';
import type { ListFilterInput } from '@crm/domain';
import { Button, Dropdown, Modal, Progress, Typography } from 'antd';
import { formatBytes, type ExportFormat } from './leads-export';
import { useLeadsExport } from './useLeadsExport';

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)' };

/** Export the report's current filter as CSV or XLSX, with the download's progress. */
export function LeadsExportButton({
  filter,
  expectedRows,
}: {
  filter: Pick<ListFilterInput, 'query' | 'sort'>;
  expectedRows: number | null;
}) {
  const exporter = useLeadsExport(filter, expectedRows);
  const { running, progress } = exporter;

  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={running !== null}
        menu={{
          items: (Object.keys(FORMAT_LABELS) as ExportFormat[]).map((format) => ({ key: format, label: FORMAT_LABELS[format] })),
          onClick: ({ key }) => void exporter.start(key as ExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={running !== null} data-testid="leads-export">
          Export
        </Button>
      </Dropdown>
      <Modal
        open={running !== null}
        title={running ? `Exporting leads (${FORMAT_LABELS[running]})` : 'Exporting leads'}
        closable={false}
        maskClosable={false}
        footer={<Button onClick={exporter.cancel}>Cancel</Button>}
      >
        <div data-testid="leads-export-progress">
          {progress?.percent !== null && progress?.percent !== undefined ? (
            <Progress percent={progress.percent} status="active" />
          ) : (
            <Progress percent={100} status="active" showInfo={false} />
          )}
          <Typography.Text type="secondary">{formatBytes(progress?.receivedBytes ?? 0)} received</Typography.Text>
        </div>
      </Modal>
    </>
  );
}
