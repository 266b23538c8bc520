import { type ContractRow, formatResponseTime, LINKS, leadContract } from '@crm/domain';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';

// Per lead: when it was given to the member, when they accepted it and how long that took (docs/leads.md 'SLA').
const COLUMNS: readonly ColumnSpec<typeof leadContract>[] = [
  'leadID',
  'stage',
  'status',
  'isAccepted',
  'agentAssignedAt',
  'acceptedAt',
  'slaResponseTime',
  'createdAt',
];
const CELLS = { slaResponseTime: (row: ContractRow<typeof leadContract>) => formatResponseTime(row.slaResponseTime) };
const LINK_OPTIONS = { detail: (row: ContractRow<typeof leadContract>) => LINKS.leadDetail(row._id), linkField: 'leadID' } as const;

/** The member's leads (the lead resource filtered by agent), inside the member's page. */
export function MemberLeadsTable({ memberId }: { memberId: string }) {
  const table = useResourceTable(leadContract, {
    screen: `member-leads-${memberId}`,
    columns: COLUMNS,
    render: CELLS,
    fixedQuery: { agent: memberId },
    links: LINK_OPTIONS,
    persist: false,
    search: false,
    rowName: (row) => row.leadID ?? row._id,
  });
  return <ResourceTable table={table} exportable={false} testId="member-leads-table" />;
}
