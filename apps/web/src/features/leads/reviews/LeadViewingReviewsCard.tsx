import {
  DISPUTE_STATE_LABELS,
  formatReviewDate,
  PERMISSIONS as P,
  populated,
  VIEWING_REVIEW_MESSAGES as M,
  viewingReviewContract,
} from '@crm/domain';
import { Card, Empty, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { browserLocale } from '../../../app/request-headers';
import { type RouterOutputs, trpc } from '../../../app/trpc';
import { useResourcePermissions } from '../../../kit/resource/useResourcePermissions';
import { useCan } from '../../../kit/session/useCan';
import { useProfile } from '../../../kit/session/useProfile';
import { ViewingReviewActions } from '../../reviews';

type ReviewRow = RouterOutputs['viewingReviews']['list']['data'][number];

/**
 * What the lead's customer said of its viewings (docs/product.md 'Viewing reviews'): rating, comment and where a
 * dispute stands; the viewing's agent disputes a review here, a manager rules on it.
 */
export function LeadViewingReviewsCard({ leadId }: { leadId: string }) {
  const { timeZone } = browserLocale();
  const can = useCan();
  const me = useProfile().data?._id;
  const permissions = useResourcePermissions(viewingReviewContract);
  const reviews = trpc.viewingReviews.list.useQuery(
    { filter: { query: { lead: leadId }, populate: ['agent'], sort: { createdAt: -1 }, limit: 50 } },
    { enabled: permissions.read },
  );
  const mayResolve = can([P.VIEWING_REVIEWS_REPORT_VIEW]);
  const columns: ColumnsType<ReviewRow> = [
    { title: 'Date', key: 'createdAt', render: (_, row) => (row.createdAt ? formatReviewDate(row.createdAt, timeZone) : '-') },
    { title: 'Agent', key: 'agent', render: (_, row) => populated(row.agent)?.name ?? '-' },
    { title: 'Rating', key: 'rating', render: (_, row) => (row.rating ? M.stars(row.rating) : '-') },
    { title: 'Comment', key: 'comment', render: (_, row) => row.comment || '-' },
    {
      title: 'Dispute',
      key: 'disputeState',
      render: (_, row) =>
        row.disputeState && row.disputeState !== 'none' ? (
          <span>
            <Tag>{DISPUTE_STATE_LABELS[row.disputeState]}</Tag>
            {row.disputeReason ? <Typography.Text type="secondary">{row.disputeReason}</Typography.Text> : null}
          </span>
        ) : (
          '-'
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <ViewingReviewActions
          review={{ _id: row._id, disputeState: row.disputeState ?? 'none', rating: row.rating ?? null }}
          mayDispute={!!me && populated(row.agent)?.user === me}
          mayResolve={mayResolve}
        />
      ),
    },
  ];
  if (!permissions.read) return null;
  return (
    <Card title={M.leadCard} style={{ marginBottom: 16 }} data-testid="lead-viewing-reviews">
      <Table<ReviewRow>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={reviews.data?.data ?? []}
        loading={reviews.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text>{M.none}</Typography.Text>} /> }}
        scroll={{ x: true }}
      />
    </Card>
  );
}
