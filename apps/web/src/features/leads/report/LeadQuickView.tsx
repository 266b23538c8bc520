import { LINKS } from '@crm/domain';
import { Descriptions, Result, Space } from 'antd';
import { useMemo } from 'react';
import { browserLocale } from '../../../app/request-headers';
import { trpc } from '../../../app/trpc';
import { toApiError } from '../../../kit/api/api-error';
import { DetailDrawer } from '../../../kit/detail/DetailDrawer';
import { LinkButton } from '../../../kit/navigation/LinkButton';
import { PageLoader } from '../../../kit/page/PageLoader';
import { leadDetailItems } from './lead-detail';

interface LeadQuickViewProps {
  /** The lead shown, or null when the drawer is closed. */
  lead: { _id: string; leadID?: string | null | undefined } | null;
  onClose: () => void;
  /** Builds a link that comes back to the report (ref/refparams). */
  linkBack: (to: string) => string;
}

/** A lead's fields beside the Leads report, without leaving it: the kit's detail drawer (Escape closes it). */
export function LeadQuickView({ lead, onClose, linkBack }: LeadQuickViewProps) {
  const id = lead?._id ?? '';
  const record = trpc.leads.byId.useQuery({ id }, { enabled: id !== '' });
  const { timeZone } = browserLocale();
  const items = useMemo(
    () =>
      record.data
        ? leadDetailItems(record.data, timeZone).map((item) => ({ key: item.key, label: item.label, children: item.value || '-' }))
        : [],
    [record.data, timeZone],
  );
  const title = `Lead ${lead?.leadID ?? ''}`;
  return (
    <DetailDrawer title={title} open={lead !== null} onClose={onClose} testId="lead-quick-view">
      {record.isError ? (
        <Result status="warning" title={toApiError(record.error).message} />
      ) : !record.data ? (
        <PageLoader />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <LinkButton to={linkBack(LINKS.leadDetail(id))}>Open the lead's page</LinkButton>
          <Descriptions bordered size="small" column={1} items={items} />
        </Space>
      )}
    </DetailDrawer>
  );
}
