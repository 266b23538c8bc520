import { PlusOutlined } from '@ant-design/icons';
import { type ActivityScope, activityContract } from '@crm/domain';
import { Alert, Button, Card, Segmented, Select, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { ResourceDrawer } from '../../kit/form/ResourceDrawer';
import { PageLoader } from '../../kit/page/PageLoader';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';
import { ActivitiesList } from './ActivitiesList';
import { ActivitiesWeek } from './ActivitiesWeek';
import { activitiesQuery } from './activities-query';
import { BucketChips } from './BucketChips';
import { taskFormFor } from './task-form';
import { useMemberOptions } from '../../kit/lookups/useMemberOptions';
import { useActivitiesView } from './useActivitiesView';

/**
 * /reports/activities (docs/product.md 'Activities'): my tasks or the team's, by bucket (overdue, due today,
 * upcoming, done today) with their counts, as the kit's list or a week; the state is in the URL, so Home's figures
 * open the right bucket. 'Team' is offered only to who has one (members reporting to them, or the asset).
 */
export function ActivitiesPage() {
  const [view, setView] = useActivitiesView();
  const permissions = useResourcePermissions(activityContract);
  const [creating, setCreating] = useState(false);
  const utils = trpc.useUtils();
  const mine = trpc.activities.buckets.useQuery({ scope: 'mine' }, { refetchInterval: 60_000 });
  const teamAllowed = Boolean(mine.data?.team);
  const scope: ActivityScope = view.scope === 'team' && teamAllowed ? 'team' : 'mine';
  const team = trpc.activities.buckets.useQuery(
    { scope: 'team', ...(view.agent ? { agent: view.agent } : {}) },
    { enabled: scope === 'team', refetchInterval: 60_000 },
  );
  const buckets = scope === 'team' ? team.data : mine.data;
  const teamAgents = trpc.activities.buckets.useQuery(
    { scope: 'team' },
    { enabled: scope === 'team' && mine.data?.team === 'reports' && Boolean(view.agent) },
  );
  // The whole asset's team is every member (the members list); a manager's, the members reporting to them.
  const members = useMemberOptions(mine.data?.team === 'asset' && scope === 'team');
  const reports = (view.agent ? teamAgents.data?.agents : team.data?.agents)?.map((agent) => ({ value: agent._id, label: agent.name }));
  const agentOptions = mine.data?.team === 'asset' ? members.options : reports;
  const spec = useMemo(() => taskFormFor(mine.data?.member?._id ?? null), [mine.data?.member?._id]);
  const listQuery = useMemo(() => (buckets ? activitiesQuery(view, buckets, true) : null), [buckets, view]);
  const weekQuery = useMemo(() => (buckets ? activitiesQuery(view, buckets, false) : null), [buckets, view]);
  if (mine.isLoading) return <PageLoader />;
  const error = mine.error ?? team.error;
  const noMember = scope === 'mine' && mine.data && !mine.data.member;
  return (
    <ResourcePage
      title="Activities"
      contract={activityContract}
      actions={
        permissions.create ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            New task
          </Button>
        ) : null
      }
    >
      <Card>
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap>
            {teamAllowed && (
              <Segmented<ActivityScope>
                aria-label="Whose tasks"
                value={scope}
                onChange={(next) => setView({ scope: next, agent: undefined })}
                options={[
                  { value: 'mine', label: 'My tasks' },
                  { value: 'team', label: mine.data?.team === 'asset' ? 'Team (whole asset)' : 'Team' },
                ]}
              />
            )}
            {scope === 'team' && agentOptions && (
              <Select
                aria-label="Agent"
                placeholder="Every agent"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ minWidth: 200 }}
                value={view.agent}
                onChange={(agent?: string) => setView({ agent })}
                options={agentOptions}
              />
            )}
            <Select
              aria-label="Done or not"
              placeholder="Done or not"
              allowClear
              style={{ minWidth: 160 }}
              value={view.done}
              onChange={(done?: 'yes' | 'no') => setView({ done })}
              options={[
                { value: 'no', label: 'Not done' },
                { value: 'yes', label: 'Done' },
              ]}
            />
          </Space>
          {error && <Alert type="error" showIcon title={toApiError(error).message} />}
          {noMember && <Alert type="info" showIcon title="You are not a team member of this asset, so no task is yours here." />}
          <BucketChips counts={buckets?.counts} value={view.bucket} onChange={(bucket) => setView({ bucket })} />
          <Tabs
            activeKey={view.view ?? 'list'}
            onChange={(key) => setView({ view: key === 'week' ? 'week' : undefined })}
            items={[
              {
                key: 'list',
                label: 'List',
                children: listQuery && !noMember && <ActivitiesList fixedQuery={listQuery} canUpdate={permissions.update} />,
              },
              {
                key: 'week',
                label: 'Week',
                children: weekQuery && buckets && !noMember && (
                  <ActivitiesWeek
                    fixedQuery={weekQuery}
                    timeZone={buckets.timezone}
                    week={view.week}
                    onWeek={(week) => setView({ week })}
                  />
                ),
              },
            ]}
          />
        </Space>
      </Card>
      <ResourceDrawer
        contract={activityContract}
        spec={spec}
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          void utils.activities.invalidate();
        }}
      />
    </ResourcePage>
  );
}
