import { LINKS, leadContract } from '@crm/domain';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';

type Leads = typeof leadContract;

const COLUMNS: readonly ColumnSpec<Leads>[] = [
  'leadID',
  'dataSourceCreatedAt',
  { field: 'contactType', title: 'Type' },
  'source',
  'status',
  'stage',
  'agent',
];
const FILTERS = ['status', 'dataSourceCreatedAt'] as const;
const POPULATE = [{ path: 'agent' as const, select: ['name'] }];
const LINK_OPTIONS = { detail: (row: { _id: string }) => LINKS.leadDetail(row._id), linkField: 'leadID' } as const;

/** A customer's leads: the leads list filtered by the customer, newest first. */
export function CustomerLeadsTable({ customerId }: { customerId: string }) {
  const table = useResourceTable(leadContract, {
    screen: `customer-leads`,
    persist: false,
    search: false,
    columns: COLUMNS,
    filters: FILTERS,
    fixedQuery: { customer: customerId },
    populate: POPULATE,
    links: LINK_OPTIONS,
    rowName: (row) => row.leadID ?? row._id,
  });
  return <ResourceTable table={table} exportable={false} testId="customer-leads-table" />;
}
