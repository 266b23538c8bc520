import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import { SHORT_LINK_MESSAGES as T } from '@crm/domain';
import { App, Button, Space, Typography } from 'antd';
import { trpc } from '../../../app/trpc';
import { toApiError } from '../../../kit/api/api-error';

// The listing's short link (TinyURL): shown with a button that copies it; someone who may edit the listing makes it (or a new
// one). Without TinyURL set up the server's reason (not configured, switched off) is shown as it is.

export function ListingShortLink({ listingId, shortUrl, canCreate }: { listingId: string; shortUrl: string | null; canCreate: boolean }) {
  const { message } = App.useApp();
  const utils = trpc.useUtils();
  const create = trpc.marketing.listingShortLink.useMutation();
  return (
    <Space wrap>
      {shortUrl ? (
        <>
          <a href={shortUrl} target="_blank" rel="noreferrer">
            {shortUrl}
          </a>
          <Button
            icon={<CopyOutlined aria-hidden />}
            onClick={() =>
              navigator.clipboard
                .writeText(shortUrl)
                .then(() => void message.success(T.copied))
                .catch((error: unknown) => void message.error(toApiError(error).message))
            }
          >
            {T.copy}
          </Button>
        </>
      ) : (
        <Typography.Text type="secondary">{T.none}</Typography.Text>
      )}
      {canCreate && (
        <Button
          icon={<LinkOutlined aria-hidden />}
          loading={create.isPending}
          onClick={() =>
            create
              .mutateAsync({ id: listingId })
              .then(() => {
                void message.success(T.created);
                return utils.listings.byId.invalidate({ id: listingId });
              })
              // The server's message is shown by the default mutation error (kit/api/mutation-errors.ts).
              .catch(() => undefined)
          }
        >
          {shortUrl ? T.renew : T.create}
        </Button>
      )}
    </Space>
  );
}
