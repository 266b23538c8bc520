import { BellOutlined } from '@ant-design/icons';
import { type StaffNotification, staffNotificationLink } from '@crm/domain';
import { Badge, Button, Empty, List, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { DetailDrawer } from '../../kit/detail/DetailDrawer';
import { NOTIFICATION_PREFERENCES_PATH } from './notification-paths';
import { useNotificationStream } from './useNotificationStream';

/** The header's bell (docs/product.md 'Notifications'): the unread count, live, and the newest notifications in a drawer. */
export function NotificationBell({ userId }: { userId: string }) {
  useNotificationStream(userId);
  const [open, setOpen] = useState(false);
  const count = trpc.notifications.unreadCount.useQuery(undefined, { staleTime: 60_000 });
  const list = trpc.notifications.list.useQuery(undefined, { enabled: open });
  const utils = trpc.useUtils();
  const settle = (answer: { unread: number }) => {
    utils.notifications.unreadCount.setData(undefined, answer);
    void utils.notifications.list.invalidate();
  };
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: settle });
  const markAllRead = trpc.notifications.markAllRead.useMutation({ onSuccess: settle });
  const unread = count.data?.unread ?? 0;
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  const close = () => setOpen(false);

  const item = (notification: StaffNotification) => {
    const link = staffNotificationLink(notification);
    return (
      <List.Item
        key={notification._id}
        style={{ background: notification.read ? undefined : '#e6f4ff', paddingInline: 12 }}
        actions={
          notification.read
            ? []
            : [
                <Button key="read" size="small" type="link" onClick={() => markRead.mutate({ id: notification._id })}>
                  Mark as read
                </Button>,
              ]
        }
      >
        <List.Item.Meta
          title={
            link ? (
              <Link
                to={link}
                onClick={() => {
                  if (!notification.read) markRead.mutate({ id: notification._id });
                  close();
                }}
              >
                {notification.text}
              </Link>
            ) : (
              notification.text
            )
          }
          description={dayjs(notification.createdAt).format('YYYY-MM-DD HH:mm')}
        />
      </List.Item>
    );
  };

  return (
    <>
      <Badge count={unread} size="small" offset={[-4, 4]} color="#cf1322">
        <Button
          type="text"
          aria-label={label}
          aria-haspopup="dialog"
          data-testid="notification-bell"
          icon={<BellOutlined aria-hidden style={{ fontSize: 18 }} />}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <DetailDrawer title="Notifications" open={open} onClose={close} size={420} testId="notification-drawer">
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
          <Link to={NOTIFICATION_PREFERENCES_PATH} onClick={close}>
            Email settings
          </Link>
          <Button size="small" disabled={!unread} loading={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
            Mark all as read
          </Button>
        </Space>
        {list.isError && <Typography.Text type="danger">{toApiError(list.error).message}</Typography.Text>}
        <List
          loading={list.isLoading}
          dataSource={list.data?.data ?? []}
          renderItem={item}
          locale={{ emptyText: <Empty description="No notifications yet" /> }}
        />
      </DetailDrawer>
    </>
  );
}
