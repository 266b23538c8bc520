import { CloudSyncOutlined, PictureOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { LISTING_TEXT as T } from '@crm/domain';
import { Button, Space } from 'antd';
import { trpc } from '../../../app/trpc';
import type { ListingSync } from '../sync/useListingSync';
import { SCREEN_SHOWS_ERROR } from '../../../kit/api/mutation-errors';

// The listing's feed and permit calls. A sync call starts runs (the primary CRM's, Property Finder's) that the page
// follows (ListingSyncStatus); the permit check answers at once and the page shows the stored answer; a refusal shows
// the server's reason (the integration to set up).

export function ListingFeedActions({ listingId, hasPermit, sync }: { listingId: string; hasPermit: boolean; sync: ListingSync }) {
  const utils = trpc.useUtils();
  const syncNow = trpc.listings.syncNow.useMutation({ meta: SCREEN_SHOWS_ERROR });
  const syncImages = trpc.listings.syncImages.useMutation({ meta: SCREEN_SHOWS_ERROR });
  return (
    <Space wrap>
      <Button
        icon={<CloudSyncOutlined aria-hidden />}
        loading={sync.busy === 'listing'}
        onClick={() => void sync.sync('listing', () => syncNow.mutateAsync({ id: listingId }))}
      >
        {T.syncNow}
      </Button>
      <Button
        icon={<PictureOutlined aria-hidden />}
        loading={sync.busy === 'images'}
        onClick={() => void sync.sync('images', () => syncImages.mutateAsync({ id: listingId }))}
      >
        {T.syncImages}
      </Button>
      {hasPermit && (
        <Button
          icon={<SafetyCertificateOutlined aria-hidden />}
          loading={sync.busy === 'permit'}
          onClick={() =>
            void sync.checkPermit(async () => {
              const answer = await utils.listings.checkPermit.fetch({ id: listingId }, { retry: false, staleTime: 0 });
              // The stored answer (status, expiry, when) shows in the listing's fields and its history.
              await utils.listings.byId.invalidate({ id: listingId });
              await utils.activityLogs.invalidate();
              return answer;
            })
          }
        >
          {T.checkPermit}
        </Button>
      )}
    </Space>
  );
}
