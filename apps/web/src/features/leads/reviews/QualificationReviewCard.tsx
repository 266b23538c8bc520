import { formatReviewDate, qualificationReviewContract, ratingLabel, reviewFeedback } from '@crm/domain';
import { Button, Card, Descriptions, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { browserLocale } from '../../../app/request-headers';
import { trpc } from '../../../app/trpc';
import { ResourceDrawer } from '../../../kit/form/ResourceDrawer';
import { useResourcePermissions } from '../../../kit/resource/useResourcePermissions';
import { qualificationReviewFormFor } from './qualification-review-form';

/**
 * A lead's qualification review on its page (docs/product.md 'Qualification reviews'): its rating, category,
 * feedback and status, who wrote it and when; the lead's agent or a manager adds it, its author or a manager edits it.
 */
export function QualificationReviewCard({ leadId }: { leadId: string }) {
  const { timeZone } = browserLocale();
  const permissions = useResourcePermissions(qualificationReviewContract);
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const reviews = trpc.qualificationReviews.list.useQuery({ filter: { query: { lead: leadId }, limit: 1 } }, { enabled: permissions.read });
  const spec = useMemo(() => qualificationReviewFormFor(leadId), [leadId]);
  if (!permissions.read) return null;
  const review = reviews.data?.data[0];
  const action = review ? permissions.update && 'Edit review' : permissions.create && 'Add review';
  return (
    <Card
      title="Qualification review"
      style={{ marginBottom: 16 }}
      data-testid="lead-qualification-review"
      extra={action ? <Button onClick={() => setOpen(true)}>{action}</Button> : null}
    >
      {review ? (
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="Rating">{ratingLabel(review.rating)}</Descriptions.Item>
          <Descriptions.Item label="Category">{review.category ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="Status">{review.status ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="Feedback" span={3}>
            {reviewFeedback(review) || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="Reviewed">{review.createdAt ? formatReviewDate(review.createdAt, timeZone) : '-'}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">{reviews.isLoading ? 'Loading…' : 'Not reviewed yet.'}</Typography.Text>
      )}
      <ResourceDrawer
        contract={qualificationReviewContract}
        spec={spec}
        open={open}
        mode={review ? 'update' : 'create'}
        id={review?._id}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void utils.qualificationReviews.invalidate();
        }}
      />
    </Card>
  );
}
