import { DownloadOutlined } from '@ant-design/icons';
import { type AnyResourceContract, IMPORT_TEXT as T, type ImportFormat } from '@crm/domain';
import { Alert, App, Button, Modal, Progress, Space, Steps, Typography } from 'antd';
import { useId } from 'react';
import { importApi, importErrorMessage } from './import-api';
import { ImportMappingTable } from './ImportMappingTable';
import { ImportProblems } from './ImportProblems';
import { IMPORT_STEPS, useImportWizard } from './useImportWizard';

interface ImportWizardProps {
  contract: AnyResourceContract;
  open: boolean;
  onClose: () => void;
}

/** One import of a list screen: upload -> mapping -> dry run -> run with progress -> summary (docs/product.md 'Imports'). */
export function ImportWizard({ contract, open, onClose }: ImportWizardProps) {
  const { message } = App.useApp();
  const wizard = useImportWizard(contract);
  const fileInput = useId();
  const { step, preview, report, job } = wizard;
  // Closing while the run works leaves it running on the server; its rows show once the list is read again.
  const close = () => {
    wizard.reset();
    onClose();
  };
  const template = (format: ImportFormat) =>
    importApi.template(contract, format).catch((error: unknown) => message.error(importErrorMessage(error)));
  const keyLabels = preview?.columns
    .filter((column) => column.key)
    .map((column) => column.label)
    .join(' or ');
  const percent = job?.total ? Math.round((job.processed * 100) / job.total) : 0;

  const footer = (() => {
    if (step === 'upload') return <Button onClick={close}>{T.cancel}</Button>;
    if (step === 'mapping')
      return (
        <Space>
          <Button onClick={wizard.back}>{T.back}</Button>
          <Button type="primary" loading={wizard.busy} onClick={() => void wizard.check()}>
            {T.check}
          </Button>
        </Space>
      );
    if (step === 'check')
      return (
        <Space>
          <Button onClick={wizard.back}>{T.back}</Button>
          <Button type="primary" loading={wizard.busy} disabled={!report?.valid} onClick={() => void wizard.run()}>
            {T.run(report?.valid ?? 0)}
          </Button>
        </Space>
      );
    if (step === 'summary')
      return (
        <Button type="primary" onClick={close}>
          {T.close}
        </Button>
      );
    return null;
  })();

  return (
    <Modal
      open={open}
      title={T.title(contract.label.many)}
      width={860}
      onCancel={close}
      mask={{ closable: false }}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={IMPORT_STEPS.indexOf(step)}
        items={IMPORT_STEPS.map((key) => ({ title: T.steps[key] }))}
        style={{ marginBottom: 16 }}
      />
      {wizard.error && <Alert type="error" showIcon title={wizard.error} style={{ marginBottom: 12 }} role="alert" />}

      {step === 'upload' && (
        <Space orientation="vertical" size="middle">
          <div>
            <label htmlFor={fileInput} style={{ display: 'block', marginBottom: 4 }}>
              {T.fileLabel}
            </label>
            <input
              id={fileInput}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={wizard.busy}
              data-testid="import-file"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) void wizard.choose(chosen);
                event.target.value = '';
              }}
            />
          </div>
          {wizard.busy && <Typography.Text>{T.reading}</Typography.Text>}
          <Space wrap>
            <Typography.Text>{T.templates}</Typography.Text>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void template('csv')}>
              {T.templateCsv}
            </Button>
            <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void template('xlsx')}>
              {T.templateXlsx}
            </Button>
          </Space>
        </Space>
      )}

      {step === 'mapping' && preview && (
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          <Typography.Text>{T.fileSummary(preview.rows, wizard.file?.name ?? '')}</Typography.Text>
          {keyLabels && <Typography.Text type="secondary">{T.keyHint(keyLabels)}</Typography.Text>}
          <ImportMappingTable preview={preview} mapping={wizard.mapping} onChange={wizard.mapColumn} />
        </Space>
      )}

      {step === 'check' && report && preview && (
        <div data-testid="import-report">
          <Alert
            type={report.invalid ? 'warning' : 'success'}
            showIcon
            title={T.checkSummary(report.total, report.valid, report.creates, report.updates)}
            description={report.invalid ? T.invalidSummary(report.invalid) : T.allValid}
            style={{ marginBottom: 12 }}
          />
          <ImportProblems errors={report.errors} columns={preview.columns} invalid={report.invalid} />
        </div>
      )}

      {step === 'run' && job && (
        <div data-testid="import-progress">
          <Progress percent={percent} status="active" aria-label={T.progressLabel} />
          <Typography.Text>{job.status === 'queued' ? T.queued : T.progress(job.processed, job.total)}</Typography.Text>
        </div>
      )}

      {step === 'summary' && job && (
        <div data-testid="import-summary">
          <Alert
            type={job.status === 'completed' ? (job.failed ? 'warning' : 'success') : 'error'}
            showIcon
            title={job.status === 'completed' ? T.done : T.failedRun}
            description={job.status === 'completed' ? T.counts(job.created, job.updated, job.failed) : job.error}
            style={{ marginBottom: 12 }}
          />
          <ImportProblems errors={job.errors} columns={preview?.columns ?? []} invalid={job.failed} />
        </div>
      )}
    </Modal>
  );
}
