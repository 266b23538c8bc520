import { CloudSyncOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { LISTING_TEXT as T } from '@crm/domain';
import { App, Button, Space } from 'antd';
import { trpc } from '../../../app/trpc';
import { toApiError } from '../../../kit/api/api-error';

// The listing's feed and permit calls: each says what it did, or the server's reason (the integration that is
// missing) when it could not.

export function ListingFeedActions({ listingId, hasPermit }: { listingId: string; hasPermit: boolean }) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const sync = trpc.listings.syncNow.useMutation();
  const failed = (error: unknown) => void message.error(toApiError(error).message);
  return (
    <Space wrap>
      <Button
        icon={<CloudSyncOutlined aria-hidden />}
        loading={sync.isPending}
        onClick={() =>
          sync
            .mutateAsync({ id: listingId })
            .then(({ data }) => void message.success(T.synced(data.provider, data.synced)))
            .catch(failed)
        }
      >
        {T.syncNow}
      </Button>
      {hasPermit && (
        <Button
          icon={<SafetyCertificateOutlined aria-hidden />}
          onClick={() =>
            utils.listings.checkPermit
              .fetch({ id: listingId }, { retry: false })
              .then(({ data }) => {
                void message.info(T.permitChecked(data.permitNumber, data.valid));
                // The stored answer (status, expiry, when) shows on the page.
                return utils.listings.byId.invalidate({ id: listingId });
              })
              .catch(failed)
          }
        >
          {T.checkPermit}
        </Button>
      )}
    </Space>
  );
}
