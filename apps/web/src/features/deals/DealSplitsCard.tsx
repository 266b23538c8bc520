import {
  type DealAdjustmentForm,
  DealAdjustmentFormSchema,
  DEAL_SPLIT_PARTY_LABELS,
  type DealSplitsForm,
  DealSplitsFormSchema,
  type DealSplitsView,
  formatMinorUnits,
  splitsFromForm,
  splitToForm,
} from '@crm/domain';
import { Alert, Button, Card, Form, List, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';
import { ErrorList } from '../../kit/form/ErrorList';
import { useCallForm } from '../../kit/form/useCallForm';
import { DealSplitsEditor } from './DealSplitsEditor';

const FIRST_SPLIT = [{ party: 'agent' as const, by: 'share' as const, share: 100 }];
const formRows = (view: DealSplitsView | undefined) => (view?.splits.length ? view.splits.map(splitToForm) : FIRST_SPLIT);

function Buttons({ saving, label, onCancel }: { saving: boolean; label: string; onCancel: () => void }) {
  return (
    <div style={{ marginTop: 16, display: 'flex', gap: 8 }}>
      <Button type="primary" htmlType="submit" loading={saving}>
        {label}
      </Button>
      <Button onClick={onCancel}>Cancel</Button>
    </div>
  );
}

/**
 * Who is owed the commission: the splits with their exact amounts; changed while the deal is open, by an adjustment
 * (with its reason, kept with the splits before and after) once it is won.
 */
export function DealSplitsCard({ dealId, canEdit }: { dealId: string; canEdit: boolean }) {
  const utils = trpc.useUtils();
  const view = trpc.deals.splits.useQuery({ id: dealId });
  const set = trpc.deals.setSplits.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const adjust = trpc.deals.adjust.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const [editing, setEditing] = useState(false);
  const done = () => {
    setEditing(false);
    void utils.deals.splits.invalidate({ id: dealId });
  };
  const splitsForm = useCallForm<DealSplitsForm, unknown>({
    schema: DealSplitsFormSchema,
    call: (values) => set.mutateAsync({ id: dealId, splits: splitsFromForm(values.splits) }),
    onDone: done,
  });
  const adjustForm = useCallForm<DealAdjustmentForm, unknown>({
    schema: DealAdjustmentFormSchema,
    call: (values) => adjust.mutateAsync({ id: dealId, reason: values.reason, splits: splitsFromForm(values.splits) }),
    onDone: done,
  });
  if (view.isError) return <Alert type="error" message={toApiError(view.error).message} />;
  const data = view.data;
  const frozen = data?.frozen ?? false;
  const money = (minor: number) => formatMinorUnits(minor, data?.currency ?? '');
  const open = () => {
    if (frozen) adjustForm.form.setFieldsValue({ splits: formRows(data), reason: '' });
    else splitsForm.form.setFieldsValue({ splits: formRows(data) });
    setEditing(true);
  };
  const cancel = () => setEditing(false);

  let body: ReactNode = (
    <Table
      rowKey="_id"
      size="small"
      pagination={false}
      loading={view.isPending}
      dataSource={data?.splits ?? []}
      locale={{ emptyText: <Typography.Text type="secondary">No splits yet</Typography.Text> }}
      columns={[
        { key: 'party', title: 'Party', render: (_, row) => DEAL_SPLIT_PARTY_LABELS[row.party] },
        { key: 'who', title: 'Who', render: (_, row) => row.member?.name ?? row.customer?.fullName ?? 'Company' },
        {
          key: 'share',
          title: 'Share',
          render: (_, row) => (row.basisPoints === null ? 'Fixed' : `${(row.basisPoints / 100).toFixed(2)}%`),
        },
        { key: 'amount', title: 'Amount', align: 'end', render: (_, row) => money(row.amount) },
      ]}
    />
  );
  if (editing && frozen)
    body = (
      <>
        <ErrorList messages={adjustForm.errors} />
        <Form<DealAdjustmentForm> {...adjustForm.formProps} layout="vertical">
          <DealSplitsEditor currency={data?.currency ?? ''} reasonRules={adjustForm.rules('reason')} />
          <Buttons saving={adjustForm.saving} label="Save adjustment" onCancel={cancel} />
        </Form>
      </>
    );
  else if (editing)
    body = (
      <>
        <ErrorList messages={splitsForm.errors} />
        <Form<DealSplitsForm> {...splitsForm.formProps} layout="vertical">
          <DealSplitsEditor currency={data?.currency ?? ''} />
          <Buttons saving={splitsForm.saving} label="Save splits" onCancel={cancel} />
        </Form>
      </>
    );

  return (
    <Card
      title={`Commission ${data ? money(data.commission) : ''}`}
      style={{ marginBottom: 16 }}
      extra={canEdit && !editing && data && <Button onClick={open}>{frozen ? 'Adjust splits' : 'Edit splits'}</Button>}
      data-testid="deal-splits"
    >
      {frozen && <Typography.Paragraph>Closed won: the splits are frozen; a change is an adjustment with its reason.</Typography.Paragraph>}
      {body}
      {data && data.adjustments.length > 0 && (
        <List
          header={
            <Typography.Title level={3} style={{ fontSize: 15, margin: 0 }}>
              Adjustments
            </Typography.Title>
          }
          dataSource={data.adjustments}
          renderItem={(adjustment) => (
            <List.Item>
              {new Date(adjustment.at).toLocaleString()} · {adjustment.by.name}: {adjustment.reason} (
              {adjustment.before.splits.map((split) => money(split.amount)).join(' + ')} →{' '}
              {adjustment.after.splits.map((split) => money(split.amount)).join(' + ')})
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
