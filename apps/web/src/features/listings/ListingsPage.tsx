import { AppstoreOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import { LINKS, LISTING_TEXT as T, listingContract, MESSAGES, PATHS, populated } from '@crm/domain';
import { Card, Segmented, Space } from 'antd';
import { useMemo, useState } from 'react';
import { customFieldColumns, customFieldFilters } from '../../kit/custom-fields/custom-field-list';
import { useCustomFieldDefinitions } from '../../kit/custom-fields/useCustomFieldDefinitions';
import { linkWithParams } from '../../kit/navigation/list-links';
import { LinkButton } from '../../kit/navigation/LinkButton';
import { ImportButton } from '../../kit/import/ImportButton';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { ResourceTable } from '../../kit/table/ResourceTable';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { useResourceTable } from '../../kit/table/useResourceTable';
import { ListingBulkSync } from './list/ListingBulkSync';
import { ListingCards } from './list/ListingCards';
import { LISTING_EXTRA_FILTERS, LISTING_FILTERS } from './list/listing-filters';
import { ListingOwnFiltersBar } from './list/ListingOwnFiltersBar';
import { ListingSyncStatus } from './sync/ListingSyncStatus';
import { useListingSync } from './sync/useListingSync';

type Listings = typeof listingContract;
type View = 'table' | 'cards';

const COLUMNS: readonly ColumnSpec<Listings>[] = [
  'reference',
  'title',
  'leadType',
  'status',
  'unitType',
  'price',
  'size',
  'bedrooms',
  'community',
  'location',
  'agent',
  'permitExpiresAt',
  'createdAt',
];
const POPULATE = [{ path: 'agent' as const, select: ['name'] }];
const LINK_OPTIONS = {
  detail: (row: { _id: string }) => LINKS.listing(row._id),
  edit: (row: { _id: string }) => LINKS.listingUpdate(row._id),
  linkField: 'reference',
} as const;
const VIEW_KEY = 'crm.listings.view';

/**
 * /properties/listings: the asset's listings with the filters an agent uses, as a table or as cards with covers; the
 * selected ones are synced with the primary CRM and Property Finder in one run each, followed above the list.
 */
export function ListingsPage() {
  const permissions = useResourcePermissions(listingContract);
  const [view, setView] = useState<View>(() => (sessionStorage.getItem(VIEW_KEY) === 'cards' ? 'cards' : 'table'));
  // The asset's custom fields of listings: optional columns and, for options and Yes/No, filters.
  const custom = useCustomFieldDefinitions('listing');
  const columns = useMemo(() => [...COLUMNS, ...customFieldColumns(custom)], [custom]);
  const moreFilters = useMemo(() => customFieldFilters(custom), [custom]);
  const table = useResourceTable(listingContract, {
    screen: 'listings',
    columns,
    filters: LISTING_FILTERS,
    moreFilters,
    extraFilters: LISTING_EXTRA_FILTERS,
    select: ['coverUrl', 'city'],
    populate: POPULATE,
    links: LINK_OPTIONS,
    rowName: (row) => row.reference ?? row._id,
    render: { agent: (row) => populated(row.agent)?.name ?? '-' },
  });
  const sync = useListingSync();
  const chooseView = (next: View) => {
    sessionStorage.setItem(VIEW_KEY, next);
    setView(next);
  };
  return (
    <ResourcePage
      title="Listings"
      actions={
        permissions.create && (
          <Space wrap>
            <ImportButton contract={listingContract} />
            <LinkButton
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              to={linkWithParams(PATHS.LISTING_CREATE, { ref: PATHS.LISTINGS })}
            >
              {MESSAGES.record.add(listingContract.label.one)}
            </LinkButton>
          </Space>
        )
      }
    >
      <ListingSyncStatus outcome={sync.outcome} />
      <Card>
        <ResourceTable
          table={table}
          filters={<ListingOwnFiltersBar value={table.toolbar.extra} onChange={table.toolbar.setExtra} />}
          actions={
            <Space wrap>
              {permissions.update && <ListingBulkSync selected={table.toolbar.selected} sync={sync} />}
              <Segmented<View>
                aria-label={T.viewLabel}
                value={view}
                onChange={chooseView}
                options={[
                  { value: 'table', label: T.tableView, icon: <TableOutlined aria-hidden /> },
                  { value: 'cards', label: T.cardView, icon: <AppstoreOutlined aria-hidden /> },
                ]}
              />
            </Space>
          }
          body={view === 'cards' ? <ListingCards table={table} /> : undefined}
        />
      </Card>
    </ResourcePage>
  );
}
