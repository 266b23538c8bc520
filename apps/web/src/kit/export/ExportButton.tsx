import { DownloadOutlined } from '@ant-design/icons';
import { type AnyResourceContract, MESSAGES } from '@crm/domain';
import { Button, Dropdown, Modal, Progress, Typography } from 'antd';
import { type ExportFilter, type ExportFormat, EXPORT_FORMATS, formatBytes } from './resource-export';
import { useResourceExport } from './useResourceExport';

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: MESSAGES.list.exportCsv, xlsx: MESSAGES.list.exportXlsx };

interface ExportButtonProps {
  contract: AnyResourceContract;
  filter: ExportFilter;
  expectedRows: number | null;
}

/** Export a list's current filter as CSV or XLSX, with the download's progress (docs/product.md 'Lists'). */
export function ExportButton({ contract, filter, expectedRows }: ExportButtonProps) {
  const exporter = useResourceExport(contract, filter, expectedRows);
  const { running, progress } = exporter;
  const labelMany = contract.label.many;

  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={running !== null}
        menu={{
          items: EXPORT_FORMATS.map((format) => ({ key: format, label: FORMAT_LABELS[format] })),
          onClick: ({ key }) => {
            const format = EXPORT_FORMATS.find((candidate) => candidate === key);
            if (format) void exporter.start(format);
          },
        }}
      >
        <Button icon={<DownloadOutlined />} loading={running !== null} data-testid={`${contract.name}-export`}>
          {MESSAGES.list.export}
        </Button>
      </Dropdown>
      <Modal
        open={running !== null}
        title={MESSAGES.list.exporting(labelMany, running ? FORMAT_LABELS[running] : '')}
        closable={false}
        mask={{ closable: false }}
        footer={<Button onClick={exporter.cancel}>{MESSAGES.list.cancel}</Button>}
      >
        <div data-testid={`${contract.name}-export-progress`}>
          {progress?.percent !== null && progress?.percent !== undefined ? (
            <Progress percent={progress.percent} status="active" />
          ) : (
            <Progress percent={100} status="active" showInfo={false} />
          )}
          <Typography.Text type="secondary">{MESSAGES.list.received(formatBytes(progress?.receivedBytes ?? 0))}</Typography.Text>
        </div>
      </Modal>
    </>
  );
}
