import { Card, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { App } from 'antd';
import { trpc, type RouterOutputs } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { PageHeader } from '../../kit/page/PageHeader';

type Preference = RouterOutputs['notifications']['preferences'][number];

/** /profile/notifications: per kind, whether the notification also comes by email (the bell always shows it). */
export function NotificationPreferencesPage() {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const preferences = trpc.notifications.preferences.useQuery();
  const update = trpc.notifications.updatePreferences.useMutation({
    onSuccess: (data) => {
      utils.notifications.preferences.setData(undefined, data);
      void message.success('Notification settings saved');
    },
  });
  const columns: ColumnsType<Preference> = [
    { title: 'Notification', dataIndex: 'label' },
    {
      title: 'Email',
      dataIndex: 'email',
      width: 120,
      render: (email: boolean, row) => (
        <Switch
          checked={email}
          aria-label={`Email: ${row.label}`}
          loading={update.isPending && update.variables?.email[row.kind] !== undefined}
          onChange={(checked) => update.mutate({ email: { [row.kind]: checked } })}
        />
      ),
    },
  ];
  return (
    <>
      <PageHeader title="Notifications" />
      <Card>
        <Typography.Paragraph type="secondary">
          The bell in the header shows every notification. Choose which of them also come to you by email.
        </Typography.Paragraph>
        {preferences.isError && <Typography.Text type="danger">{toApiError(preferences.error).message}</Typography.Text>}
        <Table<Preference>
          rowKey="kind"
          columns={columns}
          dataSource={preferences.data ?? []}
          loading={preferences.isLoading}
          pagination={false}
        />
      </Card>
    </>
  );
}
