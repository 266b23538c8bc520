import { CloudSyncOutlined } from '@ant-design/icons';
import { LISTING_TEXT as T } from '@crm/domain';
import { Button } from 'antd';
import { trpc } from '../../../app/trpc';
import type { ListingSync } from '../sync/useListingSync';
import { SCREEN_SHOWS_ERROR } from '../../../kit/api/mutation-errors';

/** The listings list's bulk action while rows are selected: one run for all of them per integration (POST sync-multiple-listings). */
export function ListingBulkSync({ selected, sync }: { selected: readonly string[]; sync: ListingSync }) {
  const syncMany = trpc.listings.syncMultiple.useMutation({ meta: SCREEN_SHOWS_ERROR });
  if (!selected.length) return null;
  return (
    <Button
      icon={<CloudSyncOutlined aria-hidden />}
      loading={sync.busy === 'bulk'}
      onClick={() => void sync.sync('bulk', () => syncMany.mutateAsync({ listings: [...selected] }))}
      data-testid="bulk-sync"
    >
      {T.syncSelected(selected.length)}
    </Button>
  );
}
