import { EditOutlined } from '@ant-design/icons';
import {
  LEAD_ACTIVITY_KIND,
  leadContract,
  LINKS,
  MESSAGES,
  PATHS,
  populated,
  PERMISSIONS,
  QUERY_PARAMS,
  SLA_STAGE_COLORS,
  stageColor,
  statusColor,
  YES_NO_COLORS,
} from '@crm/domain';
import { Card, Descriptions, Result, Space, Tabs, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { browserLocale } from '../../../app/request-headers';
import { trpc } from '../../../app/trpc';
import { toApiError } from '../../../kit/api/api-error';
import { BackButton } from '../../../kit/navigation/BackButton';
import { linkWithParams, paramsToCarry } from '../../../kit/navigation/list-links';
import { LinkButton } from '../../../kit/navigation/LinkButton';
import { PageHeader } from '../../../kit/page/PageHeader';
import { PageLoader } from '../../../kit/page/PageLoader';
import { ResultTitle } from '../../../kit/page/ResultTitle';
import { useCan } from '../../../kit/session/useCan';
import { LeadConversations } from '../conversations/LeadConversations';
import { leadDetailItems } from './lead-detail';
import { leadRowView } from './lead-row';
import { LeadHistoryTable } from './LeadHistoryTable';
import { useLeadsReportLookups } from './useLeadsReportLookups';
import { useNow } from '../../../kit/list/useNow';
import { RecordHistory } from '../../../kit/history/RecordHistory';
import { EnvelopesCard } from '../esign/EnvelopesCard';
import { LeadViewingReviewsCard } from '../reviews/LeadViewingReviewsCard';
import { QualificationReviewCard } from '../reviews/QualificationReviewCard';
import { ViewingsCard } from '../viewings/ViewingsCard';
import { LogActivityButton, TimelineCard } from '../../timeline/index';

const TABS = { DETAILS: 'details', CONVERSATIONS: 'conversations', ASSIGNMENTS: 'assignments', STAGES: 'stages' } as const;

/** One lead (/reports/leads/{id}): its fields, its conversations (WhatsApp, Intercom), assignment and stage history. */
export function LeadDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const canUpdate = useCan()([PERMISSIONS.LEAD_UPDATE]);
  const lead = trpc.leads.byId.useQuery({ id }, { enabled: id !== '' });
  const history = trpc.leads.history.useQuery({ id }, { enabled: lead.isSuccess });
  const lookups = useLeadsReportLookups();
  const now = useNow();
  const timeZone = browserLocale().timeZone;

  const row = lead.data;
  const view = row ? leadRowView(row, lookups, now) : null;
  const items = useMemo(() => (row ? leadDetailItems(row, timeZone) : []), [row, timeZone]);

  if (lead.isError) {
    return (
      <Result
        status="404"
        title={<ResultTitle>{toApiError(lead.error).message}</ResultTitle>}
        extra={<BackButton fallback={PATHS.LEADS_REPORT} />}
      />
    );
  }
  if (!row || !view) return <PageLoader />;

  const project = populated(row.project);
  const listing = populated(row.listing);
  // Links from here come back here, with this page's own params.
  const here = { ref: LINKS.leadDetail(row._id), refParams: paramsToCarry(params), refresh: true };
  const tab = params.get(QUERY_PARAMS.TAB) ?? TABS.DETAILS;
  const setTab = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(QUERY_PARAMS.TAB, key);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={`Lead ${row.leadID}`}
        extra={
          <Space wrap>
            <BackButton fallback={PATHS.LEADS_REPORT} />
            {canUpdate && !row.parentId && (
              <LinkButton type="primary" icon={<EditOutlined />} to={linkWithParams(LINKS.leadUpdatePage(row._id), here)}>
                {MESSAGES.pages.updateLeadTitle}
              </LinkButton>
            )}
          </Space>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="lead-summary">
          <Descriptions.Item label="Status">{row.status ? <Tag color={statusColor(row.status)}>{row.status}</Tag> : '-'}</Descriptions.Item>
          <Descriptions.Item label="Stage">{row.stage ? <Tag color={stageColor(row.stage)}>{row.stage}</Tag> : '-'}</Descriptions.Item>
          <Descriptions.Item label="SLA Stage">
            {SLA_STAGE_COLORS[view.slaStage] ? <Tag color={SLA_STAGE_COLORS[view.slaStage]}>{view.slaStage}</Tag> : view.slaStage}
          </Descriptions.Item>
          <Descriptions.Item label="Market">{view.market}</Descriptions.Item>
          <Descriptions.Item label="Claimed">
            <Tag color={YES_NO_COLORS[view.claimed]}>{view.claimed}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="Pool Claimed">
            <Tag color={YES_NO_COLORS[view.poolClaimed]}>{view.poolClaimed}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="Contacted">
            <Tag color={YES_NO_COLORS[view.contacted]}>{view.contacted}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="Review Rating">
            {view.feedback ? <Tooltip title={view.feedback}>{view.rating}</Tooltip> : view.rating}
          </Descriptions.Item>
          <Descriptions.Item label="Manager">{view.manager ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="Property/Project">
            {project ? (
              <Link to={linkWithParams(LINKS.project(project._id), here)}>{project.name || project._id}</Link>
            ) : listing ? (
              <Link to={linkWithParams(LINKS.listing(listing._id), here)}>{listing.reference || listing._id}</Link>
            ) : (
              '-'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Campaign Name (Project)">{project?.campaignName || '-'}</Descriptions.Item>
          <Descriptions.Item label="Project Developer">{view.developer ?? '-'}</Descriptions.Item>
          {row.parentId && (
            <Descriptions.Item label="Parent Lead">
              <Link to={LINKS.leadDetail(row.parentId)} target="_blank">
                View parent lead
              </Link>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <TimelineCard of="lead" id={row._id} extra={canUpdate ? <LogActivityButton leadId={row._id} /> : undefined} />
      <ViewingsCard
        leadId={row._id}
        agentId={populated(row.agent)?._id ?? (typeof row.agent === 'string' ? row.agent : null)}
        canUpdate={canUpdate}
      />
      <EnvelopesCard leadId={row._id} canUpdate={canUpdate} />
      <LeadViewingReviewsCard leadId={row._id} />
      <QualificationReviewCard leadId={row._id} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: TABS.DETAILS,
              label: 'Details',
              children: (
                <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="lead-details">
                  {items.map((item) => (
                    <Descriptions.Item key={item.key} label={item.label}>
                      {item.value}
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              ),
            },
            {
              key: TABS.CONVERSATIONS,
              label: 'Conversations',
              children: <LeadConversations leadId={row._id} timeZone={timeZone} />,
            },
            {
              key: TABS.ASSIGNMENTS,
              label: 'Assignment History',
              children: (
                <LeadHistoryTable
                  kind={LEAD_ACTIVITY_KIND.ASSIGNMENT}
                  items={history.data?.data ?? []}
                  loading={history.isFetching}
                  timeZone={timeZone}
                />
              ),
            },
            {
              key: TABS.STAGES,
              label: 'Stage History',
              children: (
                <LeadHistoryTable
                  kind={LEAD_ACTIVITY_KIND.STAGE}
                  items={history.data?.data ?? []}
                  loading={history.isFetching}
                  timeZone={timeZone}
                />
              ),
            },
          ]}
        />
      </Card>
      <div style={{ marginTop: 16 }}>
        <RecordHistory subjectType={leadContract.name} subjectId={row._id} />
      </div>
    </>
  );
}
