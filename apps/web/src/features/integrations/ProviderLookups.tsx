import type { IntegrationRecord, ProviderOption } from '@crm/domain';
import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';

// What a saved and switched-on provider offers the form: SendGrid's contact lists, ActiveCampaign's lists, tags and
// custom fields (the ids its settings take), Zapier's triggers and actions. Asked of the provider only on request.

const OPTION_COLUMNS = [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'ID', dataIndex: 'id', key: 'id', render: (id: string) => <Typography.Text code>{id}</Typography.Text> },
  { title: 'Detail', dataIndex: 'detail', key: 'detail' },
];

function OptionsTable({ caption, rows }: { caption: string; rows: ProviderOption[] }) {
  return (
    <Table<ProviderOption> size="small" rowKey="id" pagination={false} title={() => caption} columns={OPTION_COLUMNS} dataSource={rows} />
  );
}

function SendGridLookups() {
  const lists = trpc.marketing.sendgridContactLists.useQuery(undefined, { retry: false });
  if (lists.error) return <Alert type="error" showIcon message={toApiError(lists.error).message} />;
  return <OptionsTable caption="Contact lists" rows={lists.data ?? []} />;
}

function ActiveCampaignLookups() {
  const lists = trpc.marketing.activecampaignLookup.useQuery({ lookup: 'contacts-lists' }, { retry: false });
  const tags = trpc.marketing.activecampaignLookup.useQuery({ lookup: 'tags-lists' }, { retry: false });
  const fields = trpc.marketing.activecampaignLookup.useQuery({ lookup: 'fields-lists' }, { retry: false });
  const error = lists.error ?? tags.error ?? fields.error;
  if (error) return <Alert type="error" showIcon message={toApiError(error).message} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <OptionsTable caption="Contact lists" rows={lists.data ?? []} />
      <OptionsTable caption="Tags" rows={tags.data ?? []} />
      <OptionsTable caption="Custom fields" rows={fields.data ?? []} />
    </Space>
  );
}

function ZapierLookups() {
  const triggers = trpc.marketing.zapierTriggers.useQuery(undefined, { retry: false });
  const actions = trpc.marketing.zapierActions.useQuery(undefined, { retry: false });
  const error = triggers.error ?? actions.error;
  if (error) return <Alert type="error" showIcon message={toApiError(error).message} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        title={() => 'Triggers'}
        dataSource={triggers.data ?? []}
        columns={[
          { title: 'Trigger', dataIndex: 'label', key: 'label' },
          { title: 'Event', dataIndex: 'key', key: 'key' },
          {
            title: 'On',
            dataIndex: 'enabled',
            key: 'enabled',
            render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? 'On' : 'Off'}</Tag>,
          },
          { title: 'Subscriptions', dataIndex: 'subscriptions', key: 'subscriptions' },
        ]}
      />
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        title={() => 'Actions (with an API key of this asset)'}
        dataSource={actions.data ?? []}
        columns={[
          { title: 'Action', dataIndex: 'label', key: 'label' },
          {
            title: 'Call',
            key: 'call',
            render: (_: unknown, action: { method: string; path: string }) => `${action.method} ${action.path}`,
          },
        ]}
      />
    </Space>
  );
}

const LOOKUPS: Partial<Record<IntegrationRecord['provider'], { label: string; Panel: () => React.JSX.Element }>> = {
  sendgrid: { label: 'Show contact lists', Panel: SendGridLookups },
  activecampaign: { label: 'Show lists, tags and fields', Panel: ActiveCampaignLookups },
  zapier: { label: 'Show triggers and actions', Panel: ZapierLookups },
};

export function ProviderLookups({ record }: { record: IntegrationRecord }) {
  const [open, setOpen] = useState(false);
  const lookup = LOOKUPS[record.provider];
  if (!lookup || !record.enabled || record.status === 'not_configured') return null;
  const { Panel } = lookup;
  return (
    <div>
      <Typography.Title level={3}>From {record.label}</Typography.Title>
      {open ? <Panel /> : <Button onClick={() => setOpen(true)}>{lookup.label}</Button>}
    </div>
  );
}
