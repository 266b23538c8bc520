import { ACTIVITY_BUCKET_LABELS, ACTIVITY_BUCKETS, type ActivityBucket, type ActivityBuckets } from '@crm/domain';
import { Button, Space } from 'antd';

/**
 * The buckets as toggle chips with their counts (Overdue, Due today, Upcoming, Done today): one pressed at a time,
 * pressing it again shows every task. The count is in the chip's text, so no colour carries meaning alone.
 */
export function BucketChips({
  counts,
  value,
  onChange,
}: {
  counts: ActivityBuckets['counts'] | undefined;
  value: ActivityBucket | undefined;
  onChange: (bucket: ActivityBucket | undefined) => void;
}) {
  return (
    <Space wrap role="group" aria-label="Tasks by bucket" data-testid="activity-buckets">
      {ACTIVITY_BUCKETS.map((bucket) => {
        const pressed = value === bucket;
        const count = counts?.[bucket].count;
        return (
          <Button
            key={bucket}
            type={pressed ? 'primary' : 'default'}
            danger={bucket === 'overdue' && !pressed && (count ?? 0) > 0}
            aria-pressed={pressed}
            onClick={() => onChange(pressed ? undefined : bucket)}
            data-testid={`activity-bucket-${bucket}`}
          >
            {ACTIVITY_BUCKET_LABELS[bucket]}
            <strong data-testid={`activity-bucket-${bucket}-count`}>{count ?? '…'}</strong>
          </Button>
        );
      })}
    </Space>
  );
}
