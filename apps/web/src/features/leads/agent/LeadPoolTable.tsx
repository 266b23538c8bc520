import { DEFAULT_PAGE_SIZE, formatInZone, MESSAGES, PAGE_SIZE_OPTIONS, type ResourceRecord } from '@crm/domain';
import { App, Button, Table } from 'antd';
import { useMemo, useState } from 'react';
import { browserLocale } from '../../../app/request-headers';
import { trpc } from '../../../app/trpc';
import { toApiError } from '../../../kit/api/api-error';
import { agentLeadColumns } from './agent-lead-columns';
import { AGENT_VIEW_TEXT } from './agent-view.text';

/**
 * The asset's lead pool (GET pool), soonest pool end first. Claim (POST pool/{id}/claim): the first claim
 * wins; a 409 means another agent was first, so the pool is loaded again.
 */
export function LeadPoolTable({ refPath }: { refPath: string }) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const pool = trpc.leads.pool.useQuery(paging);
  const claim = trpc.leads.claim.useMutation({
    onSuccess: () => void message.success(AGENT_VIEW_TEXT.claimed),
    onError: (error) => {
      const apiError = toApiError(error);
      void message.open(
        apiError.statusCode === 409
          ? { type: 'warning', content: AGENT_VIEW_TEXT.claimedByAnother }
          : { type: 'error', content: apiError.message },
      );
    },
    onSettled: () => {
      void utils.leads.pool.invalidate();
      void utils.leads.list.invalidate();
    },
  });
  const timeZone = browserLocale().timeZone;
  const columns = useMemo(
    () => [
      ...agentLeadColumns({ now: new Date(), timeZone, ref: refPath }),
      {
        title: 'Pool SLA End',
        key: 'freePoolSlaEndDate',
        render: (_: unknown, lead: ResourceRecord) =>
          typeof lead.freePoolSlaEndDate === 'string' ? formatInZone(lead.freePoolSlaEndDate, 'MMM D, YYYY, h:mm A', timeZone) : '-',
      },
      {
        title: '',
        key: 'claim',
        render: (_: unknown, lead: ResourceRecord) => (
          <Button
            size="small"
            type="primary"
            loading={claim.isPending && claim.variables?.id === lead._id}
            onClick={() => claim.mutate({ id: lead._id })}
          >
            {AGENT_VIEW_TEXT.claim}
          </Button>
        ),
      },
    ],
    [claim, refPath, timeZone],
  );
  return (
    <Table<ResourceRecord>
      rowKey="_id"
      size="middle"
      scroll={{ x: true }}
      loading={pool.isFetching}
      dataSource={pool.isError ? [] : (pool.data?.data ?? [])}
      columns={columns}
      locale={{
        emptyText: pool.isError
          ? toApiError(pool.error).message || MESSAGES.common.somethingWentWrong
          : MESSAGES.common.emptyList(AGENT_VIEW_TEXT.emptyPool),
      }}
      pagination={{
        current: paging.page,
        pageSize: paging.limit,
        total: pool.data?.meta.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        onChange: (page, limit) => setPaging({ page, limit }),
      }}
    />
  );
}
