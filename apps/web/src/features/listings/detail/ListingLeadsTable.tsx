import { LINKS, LISTING_TEXT as T, leadContract, populated } from '@crm/domain';
import { Statistic } from 'antd';
import type { ColumnSpec } from '../../../kit/table/table-columns';
import { ResourceTable } from '../../../kit/table/ResourceTable';
import { useResourceTable } from '../../../kit/table/useResourceTable';

type Leads = typeof leadContract;

const COLUMNS: readonly ColumnSpec<Leads>[] = ['leadID', 'customer', 'contactType', 'source', 'stage', 'status', 'agent', 'createdAt'];
const POPULATE = [
  { path: 'customer' as const, select: ['fullName'] },
  { path: 'agent' as const, select: ['name'] },
];
const LINK_OPTIONS = { detail: (row: { _id: string }) => LINKS.leadDetail(row._id), linkField: 'leadID' } as const;

/** A listing's leads (the leads that name it) and how many enquiries it has had: the leads list filtered by it. */
export function ListingLeadsTable({ listingId }: { listingId: string }) {
  const table = useResourceTable(leadContract, {
    screen: 'listing-leads',
    persist: false,
    search: false,
    columns: COLUMNS,
    fixedQuery: { listing: listingId },
    populate: POPULATE,
    links: LINK_OPTIONS,
    rowName: (row) => row.leadID ?? row._id,
    render: {
      customer: (row) => populated(row.customer)?.fullName ?? '-',
      agent: (row) => populated(row.agent)?.name ?? '-',
    },
  });
  return (
    <>
      <Statistic
        title={T.enquiries}
        value={table.meta?.total ?? 0}
        loading={table.loading && !table.meta}
        style={{ marginBottom: 16 }}
        data-testid="listing-enquiries"
      />
      <ResourceTable table={table} exportable={false} testId="listing-leads-table" />
    </>
  );
}
