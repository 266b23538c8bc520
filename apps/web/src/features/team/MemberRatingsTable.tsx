import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { memberRatingContract, RATING_SOURCE_LABELS, type RatingSource } from '@crm/domain';
import { Button, Tooltip } from 'antd';
import { trpc } from '../../app/trpc';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import type { ColumnSpec } from '../../kit/table/table-columns';
import { ResourceTable } from '../../kit/table/ResourceTable';
import { useResourceTable } from '../../kit/table/useResourceTable';

const COLUMNS: readonly ColumnSpec<typeof memberRatingContract>[] = [
  'ratedAt',
  { key: 'source', title: 'Source', render: (row) => (row.source ? RATING_SOURCE_LABELS[row.source as RatingSource] : '') },
  'rating',
  'comment',
  'hidden',
];
const FILTERS = ['source', 'ratedAt'] as const;

/** The member's ratings (GET teams/members/ratings); a hidden one stops counting in the summary (PATCH ratings/{id}). */
export function MemberRatingsTable({ memberId }: { memberId: string }) {
  const permissions = useResourcePermissions(memberRatingContract);
  const utils = trpc.useUtils();
  const update = trpc.memberRatings.update.useMutation();
  const toggle = async (id: string, hidden: boolean) => {
    try {
      await update.mutateAsync({ id, data: { hidden } });
    } catch {
      // The server's message is shown by the default mutation error (kit/api/mutation-errors.ts).
    } finally {
      void utils.memberRatings.invalidate();
      void utils.members.ratingSummary.invalidate();
    }
  };
  const table = useResourceTable(memberRatingContract, {
    screen: `member-ratings-${memberId}`,
    columns: COLUMNS,
    filters: FILTERS,
    fixedQuery: { member: memberId },
    persist: false,
    ...(permissions.update
      ? {
          rowActions: (row) => {
            const text = row.hidden ? 'Show this rating' : 'Hide this rating';
            return (
              <Tooltip title={text}>
                <Button
                  type="text"
                  aria-label={text}
                  icon={row.hidden ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
                  onClick={() => void toggle(row._id, !row.hidden)}
                />
              </Tooltip>
            );
          },
        }
      : {}),
  });
  return <ResourceTable table={table} exportable={false} testId="member-ratings-table" />;
}
