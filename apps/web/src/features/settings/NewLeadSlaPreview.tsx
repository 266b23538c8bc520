import { formatInZone, newLeadSlaPreview, type Asset } from '@crm/domain';
import { Card, Descriptions, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { browserLocale } from '../../app/request-headers';
import { DATE_TIME_FORMAT } from '../../kit/display/field-text';

const REFRESH_MS = 30_000;

/**
 * What a lead created now, and assigned automatically, would get under the saved settings: the same pure function
 * the engine plans with (packages/domain 'automaticSlaDates'), refreshed while the page is open.
 */
export function NewLeadSlaPreview({ asset }: { asset: Asset }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const preview = newLeadSlaPreview(now, asset);
  // Shown in the caller's zone, as the lead pages show the dates.
  const timeZone = browserLocale().timeZone;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          A new lead created now
        </Typography.Title>
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Initial SLA ends">
          <span data-testid="preview-initial-sla">{formatInZone(preview.initialSlaEndDate.toISOString(), DATE_TIME_FORMAT, timeZone)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Free Pool SLA ends">
          <span data-testid="preview-free-pool-sla">
            {formatInZone(preview.freePoolSlaEndDate.toISOString(), DATE_TIME_FORMAT, timeZone)}
          </span>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
