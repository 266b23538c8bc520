import {
  DEAL_MESSAGES as M,
  DEAL_OUTCOME_LABELS,
  DEAL_OUTCOMES,
  DEAL_PIPELINE_LABELS,
  DEAL_PIPELINES,
  type DealPipeline,
  type DealPipelineSettings,
  type DealPipelineBody,
  DealPipelineBodySchema,
  type DealStage,
} from '@crm/domain';
import { Alert, App, Button, Card, Form, Input, InputNumber, Segmented, Select, Space } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
import { PageHeader } from '../../kit/page/PageHeader';
import { PageLoader } from '../../kit/page/PageLoader';

const NEW_STAGE: DealStage = { key: '', name: '', probability: 50, outcome: 'open', requiredDocuments: [], staleAfterDays: 14 };

/** /settings/deal-pipelines: each pipeline's stages in order, their win probability, required documents and stale days. */
export function DealPipelinesPage() {
  const pipelines = trpc.deals.pipelines.useQuery();
  const [pipeline, setPipeline] = useState<DealPipeline>('sale');
  const current = pipelines.data?.find((each) => each.pipeline === pipeline);
  return (
    <>
      <PageHeader title="Deal Pipelines" />
      <Segmented<DealPipeline>
        value={pipeline}
        onChange={setPipeline}
        options={DEAL_PIPELINES.map((value) => ({ value, label: DEAL_PIPELINE_LABELS[value] }))}
        aria-label="Pipeline"
        style={{ marginBottom: 12 }}
      />
      {pipelines.isPending && <PageLoader />}
      {pipelines.isError && <Alert type="error" showIcon message={toApiError(pipelines.error).message} />}
      {current && <PipelineEditor key={current.pipeline} settings={current} />}
    </>
  );
}

function PipelineEditor({ settings }: { settings: DealPipelineSettings }) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const save = trpc.deals.updatePipeline.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const saved = new Set(settings.stages.map((stage) => stage.key));
  const { errors, formProps, saving } = useCallForm<DealPipelineBody, unknown>({
    schema: DealPipelineBodySchema,
    call: (values) => save.mutateAsync({ pipeline: settings.pipeline, stages: DealPipelineBodySchema.parse(values).stages }),
    onDone: () => {
      void message.success(M.pipelineSaved(settings.label));
      void utils.deals.invalidate();
    },
  });
  return (
    <Card title={`${settings.label} stages`} style={{ maxWidth: 1100 }}>
      <ErrorList messages={errors} />
      <Form<DealPipelineBody> {...formProps} layout="vertical" initialValues={{ stages: settings.stages }}>
        <Form.List name="stages">
          {(fields, { add, remove, move }) => (
            <>
              {fields.map((field, index) => {
                const n = index + 1;
                return (
                  <Space key={field.key} wrap align="start" data-testid="pipeline-stage">
                    <Form.Item
                      name={[field.name, 'name']}
                      label={`Stage ${n}: name`}
                      rules={[{ required: true, whitespace: true, message: M.stageNameRequired }]}
                    >
                      <Input style={{ width: 160 }} maxLength={60} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'key']}
                      label={`Stage ${n}: key`}
                      rules={[{ required: true, pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, message: M.stageKeyFormat }]}
                    >
                      <Input
                        style={{ width: 150 }}
                        maxLength={40}
                        disabled={saved.has(settings.stages[index]?.key ?? '') && index < settings.stages.length}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'probability']} label={`Stage ${n}: probability %`}>
                      <InputNumber min={0} max={100} precision={0} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'outcome']} label={`Stage ${n}: outcome`}>
                      <Select
                        style={{ width: 110 }}
                        options={DEAL_OUTCOMES.map((value) => ({ value, label: DEAL_OUTCOME_LABELS[value] }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'requiredDocuments']} label={`Stage ${n}: required documents`}>
                      <Select mode="tags" style={{ width: 220 }} tokenSeparators={[',']} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'staleAfterDays']} label={`Stage ${n}: stale after (days)`}>
                      <InputNumber min={1} max={365} precision={0} style={{ width: 120 }} />
                    </Form.Item>
                    <Space style={{ marginTop: 30 }}>
                      <Button aria-label={`Move stage ${n} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                        Up
                      </Button>
                      <Button
                        aria-label={`Move stage ${n} down`}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        Down
                      </Button>
                      <Button aria-label={`Remove stage ${n}`} onClick={() => remove(field.name)}>
                        Remove
                      </Button>
                    </Space>
                  </Space>
                );
              })}
              <div style={{ display: 'flex', gap: 8 }}>
                <Button onClick={() => add({ ...NEW_STAGE }, fields.length - 2)}>Add stage</Button>
                <Button type="primary" htmlType="submit" loading={saving}>
                  Save
                </Button>
              </div>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
