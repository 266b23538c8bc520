import {
  DEFAULT_LEAD_SORT,
  DEFAULT_PAGE_SIZE,
  type FieldKeyOf,
  LEAD_STATUS,
  type leadContract,
  MESSAGES,
  type PopulateOf,
} from '@crm/domain';
import { App, Button, Table } from 'antd';
import { useMemo, useState } from 'react';
import { browserLocale } from '../../../app/request-headers';
import { trpc } from '../../../app/trpc';
import { toApiError } from '../../../kit/api/api-error';
import { listPagination } from '../../../kit/list/list-pagination';
import type { LeadRow } from '../report/lead-row';
import { agentLeadColumns } from './agent-lead-columns';
import { AGENT_VIEW_TEXT } from './agent-view.text';

const SELECT: FieldKeyOf<typeof leadContract>[] = [
  '_id',
  'leadID',
  'contactType',
  'location',
  'stage',
  'status',
  'isAccepted',
  'acceptedAt',
  'isInFreePool',
  'isAssignedFromLeadPool',
  'initialSlaEndDate',
  'freePoolSlaEndDate',
  'dataSourceCreatedAt',
  'customer',
  'listing',
  'project',
];
const POPULATE: PopulateOf<typeof leadContract>[] = [
  { path: 'customer', select: ['fullName'] },
  { path: 'listing', select: ['reference'] },
  { path: 'project', select: ['name'] },
];

/** The lead can still be accepted by its agent: open, not accepted, not in the pool. */
const acceptable = (lead: LeadRow) => lead.isAccepted !== true && lead.isInFreePool !== true && lead.status === LEAD_STATUS.OPEN;

/** The signed-in agent's leads, newest first, with Accept on those not yet accepted (POST accept/{id}). */
export function MyLeadsTable({ memberId, refPath }: { memberId: string; refPath: string }) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const list = trpc.leads.list.useQuery({
    filter: { ...paging, sort: DEFAULT_LEAD_SORT, select: SELECT, populate: POPULATE, query: { agent: memberId } },
  });
  const accept = trpc.leads.accept.useMutation({
    onSuccess: () => {
      void message.success(AGENT_VIEW_TEXT.accepted);
      void utils.leads.list.invalidate();
      void utils.leads.invalidate();
    },
  });
  const columns = useMemo(
    () => [
      ...agentLeadColumns({ now: new Date(), timeZone: browserLocale().timeZone, ref: refPath }),
      {
        title: '',
        key: 'accept',
        render: (_: unknown, lead: LeadRow) =>
          acceptable(lead) ? (
            <Button
              size="small"
              type="primary"
              loading={accept.isPending && accept.variables?.id === lead._id}
              onClick={() => accept.mutate({ id: lead._id })}
            >
              {AGENT_VIEW_TEXT.accept}
            </Button>
          ) : null,
      },
    ],
    [accept, refPath],
  );
  return (
    <Table<LeadRow>
      rowKey="_id"
      size="middle"
      scroll={{ x: true }}
      loading={list.isFetching}
      dataSource={list.isError ? [] : (list.data?.data ?? [])}
      columns={columns}
      locale={{
        emptyText: list.isError
          ? toApiError(list.error).message || MESSAGES.common.somethingWentWrong
          : MESSAGES.common.emptyList(AGENT_VIEW_TEXT.emptyLeads),
      }}
      pagination={listPagination({
        page: paging.page,
        limit: paging.limit,
        total: list.data?.meta.total ?? 0,
        onChange: (page, limit) => setPaging({ page: limit === paging.limit ? page : 1, limit }),
      })}
    />
  );
}
