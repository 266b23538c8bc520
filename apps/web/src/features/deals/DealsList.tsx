import { type ContractQuery, dealContract, formatMinorUnits, LINKS } from '@crm/domain';
import { ResourceTable } from '../../kit/table/ResourceTable';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { useResourceTable } from '../../kit/table/useResourceTable';

type Deals = typeof dealContract;

const COLUMNS: readonly ColumnSpec<Deals>[] = [
  'title',
  'pipeline',
  'stage',
  'outcome',
  'agent',
  'officeName',
  'value',
  'commission',
  'probability',
  'expectedCloseDate',
  'actualCloseDate',
  'staleAt',
];
const FILTERS = ['pipeline', 'stage', 'outcome', 'officeName', 'expectedCloseDate', 'actualCloseDate', 'stageChangedAt'] as const;
const POPULATE = [{ path: 'agent' as const, select: ['name'] }];

/** The deals as a list on the kit (filters, sort, export), money shown from its minor units. */
export function DealsList({ fixedQuery }: { fixedQuery?: ContractQuery<Deals> }) {
  const table = useResourceTable(dealContract, {
    screen: fixedQuery ? 'deals-behind' : 'deals',
    ...(fixedQuery ? { fixedQuery, persist: false } : {}),
    columns: COLUMNS,
    filters: FILTERS,
    populate: POPULATE,
    select: ['currency'],
    render: {
      value: (row) => (row.value === undefined ? '-' : formatMinorUnits(row.value, row.currency ?? '')),
      commission: (row) => (row.commission === undefined ? '-' : formatMinorUnits(row.commission, row.currency ?? '')),
    },
    links: { detail: (row) => LINKS.deal(row._id), linkField: 'title' },
    rowName: (row) => row.title ?? row._id,
  });
  return <ResourceTable table={table} />;
}
