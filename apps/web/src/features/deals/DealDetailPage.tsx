import { dealContract, formatMinorUnits, LINKS, MESSAGES, populated } from '@crm/domain';
import { Card, Result, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ResourceDetail } from '../../kit/detail/ResourceDetail';
import { RecordHistory } from '../../kit/history/RecordHistory';
import { PageLoader } from '../../kit/page/PageLoader';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { TimelineCard, useRefreshTimeline } from '../timeline/index';
import { DealDocumentsCard } from './DealDocumentsCard';
import { DealSplitsCard } from './DealSplitsCard';
import { DealStageControl } from './DealStageControl';

const FIELDS = [
  'pipeline',
  'stage',
  'outcome',
  'probability',
  'customer',
  'agent',
  'officeName',
  'lead',
  'listing',
  'project',
  'value',
  'commission',
  'expectedCloseDate',
  'actualCloseDate',
  'lostReason',
  'staleAt',
  'notes',
] as const;
const POPULATE = [
  { path: 'customer' as const, select: ['fullName' as const] },
  { path: 'agent' as const, select: ['name' as const] },
  { path: 'lead' as const, select: ['leadID' as const] },
  { path: 'listing' as const, select: ['reference' as const] },
  { path: 'project' as const, select: ['name' as const] },
];

/** /reports/deals/{id}: the deal's facts, its stage move, commission splits, documents and history. */
export function DealDetailPage() {
  const { id = '' } = useParams();
  const permissions = useResourcePermissions(dealContract);
  const utils = trpc.useUtils();
  const refreshTimeline = useRefreshTimeline();
  const query = trpc.deals.byId.useQuery({ id, populate: POPULATE }, { enabled: id !== '', retry: false });
  const pipelines = trpc.deals.pipelines.useQuery();
  const deal = query.data?.data;
  const refresh = () => {
    void utils.deals.byId.invalidate({ id });
    void utils.deals.splits.invalidate({ id });
    void refreshTimeline('deal', id);
  };

  let body = <PageLoader />;
  if (query.isError) body = <Result status="404" title={toApiError(query.error).message} />;
  else if (deal) {
    const stages = pipelines.data?.find((pipeline) => pipeline.pipeline === deal.pipeline)?.stages ?? [];
    const stageName = stages.find((stage) => stage.key === deal.stage)?.name ?? deal.stage;
    const lead = populated(deal.lead);
    const stale = deal.staleAt !== null && Date.parse(deal.staleAt) <= Date.now();
    body = (
      <>
        <Card style={{ marginBottom: 16 }}>
          {permissions.update && <DealStageControl key={deal.stage} deal={deal} stages={stages} onMoved={refresh} />}
          <div style={{ marginTop: 16 }}>
            <ResourceDetail
              contract={dealContract}
              record={deal}
              fields={FIELDS}
              render={{
                stage: () => (
                  <>
                    {stageName} {stale && <Tag color="orange">Stale</Tag>}
                  </>
                ),
                value: (record) => formatMinorUnits(record.value, record.currency),
                commission: (record) =>
                  `${formatMinorUnits(record.commission, record.currency)}${record.commissionBasisPoints === null ? '' : ` (${(record.commissionBasisPoints / 100).toFixed(2)}%)`}`,
                lead: () => (lead ? <Link to={LINKS.leadDetail(lead._id)}>{lead.leadID}</Link> : MESSAGES.record.empty),
                notes: (record) => (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }}>
                    {record.notes || MESSAGES.record.empty}
                  </Typography.Paragraph>
                ),
              }}
            />
          </div>
        </Card>
        <DealSplitsCard dealId={deal._id} canEdit={permissions.update} />
        <DealDocumentsCard deal={deal} stages={stages} canEdit={permissions.update && deal.outcome !== 'won'} onSaved={refresh} />
        <TimelineCard of="deal" id={deal._id} />
        <RecordHistory subjectType={dealContract.name} subjectId={deal._id} />
      </>
    );
  }
  return (
    <ResourcePage title={deal?.title || 'Deal'} back="/reports/deals" contract={dealContract}>
      {body}
    </ResourcePage>
  );
}
