import { DownloadOutlined } from '@ant-design/icons';
import { type AnyResourceContract, MESSAGES } from '@crm/domain';
import { Button, Dropdown, Modal, Progress, Typography } from 'antd';
import { type ExportFilter, type ExportFormat, EXPORT_FORMATS, formatBytes } from './resource-export';
import { type ResourceExportState, useFileExport, useResourceExport } from './useResourceExport';

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: MESSAGES.list.exportCsv, xlsx: MESSAGES.list.exportXlsx };

interface ExportButtonProps {
  contract: AnyResourceContract;
  filter: ExportFilter;
  expectedRows: number | null;
}

/** Export a list's current filter as CSV or XLSX, with the download's progress (docs/product.md 'Lists'). */
export function ExportButton({ contract, filter, expectedRows }: ExportButtonProps) {
  const exporter = useResourceExport(contract, filter, expectedRows);
  return <ExportMenu exporter={exporter} labelMany={contract.label.many} testId={contract.name} />;
}

/** Export a report through its own export call (`url` of the format) as CSV or XLSX. */
export function ReportExportButton(props: { path: string; url: (format: ExportFormat) => string; labelMany: string; testId: string }) {
  const exporter = useFileExport({ path: props.path, baseName: props.testId, url: props.url, expectedRows: null });
  return <ExportMenu exporter={exporter} labelMany={props.labelMany} testId={props.testId} />;
}

function ExportMenu({ exporter, labelMany, testId }: { exporter: ResourceExportState; labelMany: string; testId: string }) {
  const { running, progress } = exporter;
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
        <Button icon={<DownloadOutlined />} loading={running !== null} data-testid={`${testId}-export`}>
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
        <div data-testid={`${testId}-export-progress`}>
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
