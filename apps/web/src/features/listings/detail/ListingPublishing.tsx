import { FEED_STATE_LABELS, feedStateOf, PUBLISHING_PORTALS, type PortalFacts } from '@crm/domain';
import { Descriptions, Tag } from 'antd';

// Where the listing is advertised: per portal, whether its feed carries the listing now, or why not (not published
// there, or held back until the Trakheesi permit is valid), by the same rule the server's feeds apply.

const COLOR = { 'in-feed': 'green', 'not-published': 'default', 'permit-needed': 'orange' } as const;

export function ListingPublishing({ listing }: { listing: PortalFacts }) {
  const now = new Date();
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={PUBLISHING_PORTALS.map((portal) => {
        const state = feedStateOf(listing, portal, now);
        return {
          key: portal,
          label: portal,
          children: <Tag color={COLOR[state]}>{FEED_STATE_LABELS[state]}</Tag>,
        };
      })}
    />
  );
}
