import { DEFAULT_PAGE_SIZE, formatInZone, MESSAGES } from '@crm/domain';
import { App, Button, Table } from 'antd';
import { useMemo, useState } from 'react';
import { browserLocale } from '../../../app/request-headers';
import { trpc } from '../../../app/trpc';
import { toApiError } from '../../../kit/api/api-error';
import { DATE_TIME_FORMAT } from '../../../kit/display/field-text';
import { listPagination } from '../../../kit/list/list-pagination';
import type { LeadRow } from '../report/lead-row';
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
        render: (_: unknown, lead: LeadRow) =>
          lead.freePoolSlaEndDate ? formatInZone(lead.freePoolSlaEndDate, DATE_TIME_FORMAT, timeZone) : '-',
      },
      {
        title: '',
        key: 'claim',
        render: (_: unknown, lead: LeadRow) => (
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
    <Table<LeadRow>
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
      pagination={listPagination({
        page: paging.page,
        limit: paging.limit,
        total: pool.data?.meta.total ?? 0,
        onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
      })}
    />
  );
}
