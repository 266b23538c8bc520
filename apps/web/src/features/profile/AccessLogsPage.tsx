import { DEFAULT_PAGE_SIZE } from '@crm/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { Card, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { trpc, type RouterOutputs } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { listPagination } from '../../kit/list/list-pagination';
import { PageHeader } from '../../kit/page/PageHeader';

type AccessLogRow = RouterOutputs['profile']['accessLogs']['data'][number];

const COLUMNS: ColumnsType<AccessLogRow> = [
  { title: 'Date', dataIndex: 'createdAt', width: 190, render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss') },
  { title: 'Action', dataIndex: 'action', width: 160, render: (value: string) => <Tag>{value}</Tag> },
  {
    title: 'Result',
    dataIndex: 'success',
    width: 110,
    render: (success: boolean) => <Tag color={success ? 'green' : 'red'}>{success ? 'Success' : 'Failed'}</Tag>,
  },
  { title: 'IP Address', dataIndex: 'ip', width: 150, render: (value: string | null) => value ?? '-' },
  {
    title: 'Device',
    dataIndex: 'userAgent',
    ellipsis: { showTitle: false },
    render: (value: string | null) =>
      value ? (
        <Tooltip title={value} placement="topLeft">
          {value}
        </Tooltip>
      ) : (
        '-'
      ),
  },
  { title: 'Reason', dataIndex: 'reason', width: 200, render: (value: string | null) => value ?? '-' },
];

/** The caller's own logins, logouts and password events, newest first. */
export function AccessLogsPage() {
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const logs = trpc.profile.accessLogs.useQuery(paging, { placeholderData: keepPreviousData });

  return (
    <>
      <PageHeader title="Access Logs" />
      <Card>
        {logs.isError && <Typography.Text type="danger">{toApiError(logs.error).message}</Typography.Text>}
        <Table<AccessLogRow>
          rowKey="_id"
          size="middle"
          columns={COLUMNS}
          dataSource={logs.data?.data ?? []}
          loading={logs.isFetching}
          scroll={{ x: 900 }}
          pagination={listPagination({
            page: paging.page,
            limit: paging.limit,
            total: logs.data?.meta.total ?? 0,
            onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
          })}
        />
      </Card>
    </>
  );
}
