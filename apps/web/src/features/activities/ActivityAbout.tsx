import { LINKS, populated } from '@crm/domain';
import { Space } from 'antd';
import { Link } from 'react-router-dom';

type Ref<T> = string | T | null | undefined;

export interface ActivityAboutProps {
  lead?: Ref<{ _id: string; leadID?: string }>;
  customer?: Ref<{ _id: string; fullName?: string | null }>;
  deal?: Ref<{ _id: string; title?: string }>;
}

/** What an activity is about: its lead, customer and deal, each a link to its page. */
export function ActivityAbout({ lead, customer, deal }: ActivityAboutProps) {
  const l = populated(lead);
  const c = populated(customer);
  const d = populated(deal);
  if (!l && !c && !d) return <>-</>;
  return (
    <Space size={4} wrap>
      {l && <Link to={LINKS.leadDetail(l._id)}>Lead {l.leadID ?? l._id}</Link>}
      {c && <Link to={LINKS.customer(c._id)}>{c.fullName || 'Customer'}</Link>}
      {d && <Link to={LINKS.deal(d._id)}>Deal {d.title ?? ''}</Link>}
    </Space>
  );
}
