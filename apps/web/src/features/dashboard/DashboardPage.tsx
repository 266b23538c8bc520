import { Alert, Card, Typography } from 'antd';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';
import { PageTitle } from '../../kit/page/PageHeader';
import { PageLoader } from '../../kit/page/PageLoader';
import { useProfile } from '../../kit/session/useProfile';
import { HOME_TEXT } from './home-text';
import { LeadTeamSection } from './LeadTeamSection';
import { MyDealsSection } from './MyDealsSection';
import { MyLeadsSection } from './MyLeadsSection';
import { MyTasksSection } from './MyTasksSection';
import { SystemSection } from './SystemSection';
import { TeamDealsSection } from './TeamDealsSection';

/**
 * Home (/dashboard, docs/product.md 'Home'): the caller's figures in the active asset, by what they may see, each a
 * link to the list behind it. The server answers only the sections the caller may see.
 */
export function DashboardPage() {
  const { data: profile } = useProfile();
  const figures = trpc.home.figures.useQuery(undefined, { refetchInterval: 60_000 });
  if (!profile || figures.isLoading) return <PageLoader />;
  const data = figures.data;
  const empty =
    data &&
    !data.myLeads &&
    !data.myDeals &&
    !data.myTasks &&
    !data.team &&
    !data.asset &&
    !data.teamDeals &&
    !data.assetDeals &&
    !data.system;
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <PageTitle>{HOME_TEXT.title}</PageTitle>
        <Typography.Text type="secondary">
          Welcome, {profile.fullName}
          {profile.activeAsset ? ` · ${profile.activeAsset.name}` : ''}
        </Typography.Text>
      </div>
      {figures.error && <Alert type="error" showIcon title={toApiError(figures.error).message || HOME_TEXT.loadFailed} />}
      {data?.myLeads && <MyLeadsSection figures={data.myLeads} />}
      {data?.myDeals && <MyDealsSection figures={data.myDeals} />}
      {data?.myTasks && <MyTasksSection figures={data.myTasks} />}
      {data?.team && <LeadTeamSection id="home-team" title={HOME_TEXT.team} figures={data.team} />}
      {data?.teamDeals && <TeamDealsSection id="home-team-deals" title={HOME_TEXT.teamDeals} figures={data.teamDeals} />}
      {data?.asset && <LeadTeamSection id="home-asset" title={HOME_TEXT.asset} figures={data.asset} />}
      {data?.assetDeals && <TeamDealsSection id="home-asset-deals" title={HOME_TEXT.assetDeals} figures={data.assetDeals} />}
      {data?.system && <SystemSection figures={data.system} />}
      {empty && <Card>{HOME_TEXT.nothingToShow}</Card>}
    </>
  );
}
