import { EditOutlined } from '@ant-design/icons';
import { DATE_PRESET, formatResponseTime, MESSAGES, memberContract, populated, RATING_VALUES } from '@crm/domain';
import { Alert, Button, Card, Descriptions, Result } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { browserLocale } from '../../app/request-headers';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ResourceDetail } from '../../kit/detail/ResourceDetail';
import { useNow } from '../../kit/list/useNow';
import { type DateFilter, dateFilterRange } from '../../kit/table/date-filter';
import { DateFilterControl } from '../../kit/table/DateFilterControl';
import { PageLoader } from '../../kit/page/PageLoader';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { MemberActions } from './MemberActions';
import { MemberLeadsTable } from './MemberLeadsTable';
import { MemberRatingsTable } from './MemberRatingsTable';
import { MemberBrn } from './MemberBrn';
import { RecordDrawer } from '../../kit/form/RecordDrawer';
import { useDrawerState } from '../../kit/form/useDrawerState';

const DETAIL_FIELDS = ['name', 'designation', 'officeName', 'email', 'phoneNumber', 'enabled', 'isLeadProcessEnabled', 'isTest'] as const;
const CARD = { style: { marginBottom: 16 } } as const;
const MEMBERS = '/teams/members';

const RATINGS_SINCE: DateFilter = { preset: DATE_PRESET.THIS_YEAR };

/** The member's ratings over the range the reader picks (This Year at first): count, average and distribution. */
function MemberRatings({ memberId }: { memberId: string }) {
  const now = useNow();
  const timeZone = browserLocale().timeZone;
  const [date, setDate] = useState<DateFilter>(RATINGS_SINCE);
  const range = dateFilterRange(date, now, timeZone);
  const summary = trpc.members.ratingSummary.useQuery({ member: memberId, ...(range ? { from: range.from, to: range.to } : {}) });
  const mine = summary.data?.data.members.find((m) => m.member._id === memberId);
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <DateFilterControl
          field="ratedAt-summary"
          label="Rated"
          value={date}
          onChange={(value) => setDate(value ?? RATINGS_SINCE)}
          now={now}
          timeZone={timeZone}
        />
      </div>
      {summary.isError && <Alert type="error" showIcon title={toApiError(summary.error).message} style={{ marginBottom: 12 }} />}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        data-testid="member-rating-summary"
        items={[
          { key: 'count', label: 'Ratings', children: mine?.count ?? 0 },
          { key: 'average', label: 'Average', children: mine?.average ?? MESSAGES.common.notAvailable },
          ...RATING_VALUES.map((value) => ({
            key: String(value),
            label: `${value} star${value === 1 ? '' : 's'}`,
            children: mine?.distribution[String(value)] ?? 0,
          })),
        ]}
      />
    </>
  );
}

/** /teams/members/{id}: the profile, leads, response time, ratings, sign-in link, WhatsApp and password. */
export function MemberDetailPage() {
  const { id = '' } = useParams();
  const permissions = useResourcePermissions(memberContract);
  const drawer = useDrawerState();
  const query = trpc.members.byId.useQuery({ id, populate: ['department', 'reportedTo', 'groups'] }, { enabled: id !== '', retry: false });
  const member = query.data?.data;
  let body = <PageLoader />;
  if (query.isError) body = <Result status="404" title={toApiError(query.error).message} />;
  else if (member) {
    body = (
      <>
        <Card title="Profile" {...CARD}>
          <ResourceDetail contract={memberContract} record={member} fields={DETAIL_FIELDS} />
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            style={{ marginTop: 12 }}
            items={[
              { key: 'department', label: 'Department', children: populated(member.department)?.name ?? MESSAGES.record.empty },
              { key: 'manager', label: 'Manager', children: populated(member.reportedTo)?.name ?? MESSAGES.record.empty },
              {
                key: 'groups',
                label: 'Groups',
                children: (member.groups ?? []).map((g) => populated(g)?.name).join(', ') || MESSAGES.record.empty,
              },
              { key: 'response', label: 'Average Response Time', children: formatResponseTime(member.averageResponseTime) },
              { key: 'brn', label: 'BRN', children: <MemberBrn member={member} /> },
            ]}
          />
        </Card>
        <Card title="Ratings" {...CARD}>
          <MemberRatings memberId={member._id} />
          <div style={{ marginTop: 16 }}>
            <MemberRatingsTable memberId={member._id} />
          </div>
        </Card>
        <Card title="Leads" {...CARD}>
          <MemberLeadsTable memberId={member._id} />
        </Card>
        {permissions.update && <MemberActions member={member} />}
      </>
    );
  }
  return (
    <ResourcePage
      title={member?.name || 'Team Member'}
      back={MEMBERS}
      contract={memberContract}
      actions={
        permissions.update &&
        member && (
          <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => drawer.edit(member._id)}>
            {MESSAGES.record.edit}
          </Button>
        )
      }
    >
      {body}
      <RecordDrawer contract={memberContract} state={drawer.state} onClose={drawer.close} />
    </ResourcePage>
  );
}
