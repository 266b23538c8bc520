import type { IntegrationRecord } from '@crm/domain';
import { Space, Typography } from 'antd';
import { CopyField } from './CopyField';

// The signed listing feed addresses a portal or partner pulls (`feedUrls` of GET {name}): copied into the portal's
// console. A new feed secret retires an address, so the screen always shows the current one.

export function FeedUrls({ record }: { record: IntegrationRecord }) {
  if (!record.feedUrls.length) return null;
  return (
    <section aria-labelledby="integration-feed-heading">
      <Typography.Title level={3} id="integration-feed-heading">
        Listing feed
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Give this address to {record.label}: it reads your published listings from it (compressed, and only when they changed).
      </Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        {record.feedUrls.map((url, i) => (
          <CopyField
            key={url}
            id={`integration-feed-url-${i}`}
            label={record.feedUrls.length > 1 ? `Feed URL ${i + 1}` : 'Feed URL'}
            value={url}
            buttonText="Copy feed URL"
            copiedMessage="Feed URL copied"
          />
        ))}
      </Space>
    </section>
  );
}
