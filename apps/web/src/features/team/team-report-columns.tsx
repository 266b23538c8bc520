import { formatResponseTime, MESSAGES, type TeamFigures } from '@crm/domain';
import type { TableColumnsType } from 'antd';

const byNumber =
  <T extends TeamFigures>(pick: (row: T) => number | null) =>
  (a: T, b: T) =>
    (pick(a) ?? -1) - (pick(b) ?? -1);

/** The figure columns the Managers and Offices reports share, each sortable. */
export function figureColumns<T extends TeamFigures>(): TableColumnsType<T> {
  return [
    { key: 'members', title: 'Members', dataIndex: 'members', sorter: byNumber<T>((r) => r.members) },
    { key: 'assigned', title: 'Leads Assigned', dataIndex: 'leadsAssigned', sorter: byNumber<T>((r) => r.leadsAssigned) },
    { key: 'accepted', title: 'Accepted', dataIndex: 'leadsAccepted', sorter: byNumber<T>((r) => r.leadsAccepted) },
    {
      key: 'rate',
      title: 'Acceptance',
      render: (_, row) => (row.acceptanceRate === null ? MESSAGES.common.notAvailable : `${row.acceptanceRate}%`),
      sorter: byNumber<T>((r) => r.acceptanceRate),
    },
    { key: 'claimed', title: 'Claimed From Pool', dataIndex: 'claimedFromPool', sorter: byNumber<T>((r) => r.claimedFromPool) },
    { key: 'escalated', title: 'Escalated', dataIndex: 'escalated', sorter: byNumber<T>((r) => r.escalated) },
    {
      key: 'response',
      title: 'Average Response Time',
      render: (_, row) => formatResponseTime(row.averageResponseTime),
      sorter: byNumber<T>((r) => r.averageResponseTime),
    },
    {
      key: 'rating',
      title: 'Rating',
      render: (_, row) => (row.ratingAverage === null ? MESSAGES.common.notAvailable : `${row.ratingAverage} (${row.ratingCount})`),
      sorter: byNumber<T>((r) => r.ratingAverage),
    },
  ];
}
