import { PATHS, PERMISSIONS, QUERY_PARAMS } from '@crm/domain';
import { Alert, Button, Result, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../kit/page/PageHeader';
import { PageLoader } from '../../../kit/page/PageLoader';
import { useCan } from '../../../kit/session/useCan';
import { AGENT_VIEW_TEXT } from './agent-view.text';
import { LeadPoolTable } from './LeadPoolTable';
import { MyLeadsTable } from './MyLeadsTable';
import { useMyTeamMember } from './useMyTeamMember';

const POOL_TAB = 'pool';

/** An agent's view: their own leads (accept) and the lead pool (claim). `?tab=pool` opens the pool. */
export function MyLeadsPage() {
  const can = useCan();
  const { member, loading } = useMyTeamMember();
  const [params, setParams] = useSearchParams();
  const tab = params.get(QUERY_PARAMS.TAB) === POOL_TAB ? POOL_TAB : 'mine';
  const refPath = `${PATHS.MY_LEADS}${tab === POOL_TAB ? `?${QUERY_PARAMS.TAB}=${POOL_TAB}` : ''}`;
  const navigate = useNavigate();
  const extra = can([PERMISSIONS.LEAD_ADD]) ? (
    <Button type="primary" onClick={() => void navigate(PATHS.LEAD_CREATE)}>
      Create Lead
    </Button>
  ) : undefined;

  if (loading) return <PageLoader />;
  if (!member)
    return (
      <>
        <PageHeader title={AGENT_VIEW_TEXT.title} extra={extra} />
        <Result status="info" title={AGENT_VIEW_TEXT.noTeamMember} />
      </>
    );
  return (
    <>
      <PageHeader title={AGENT_VIEW_TEXT.title} extra={extra} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === POOL_TAB ? { [QUERY_PARAMS.TAB]: POOL_TAB } : {}, { replace: true })}
        items={[
          { key: 'mine', label: AGENT_VIEW_TEXT.myLeadsTab, children: <MyLeadsTable memberId={member._id} refPath={refPath} /> },
          {
            key: POOL_TAB,
            label: AGENT_VIEW_TEXT.poolTab,
            // The pool answers 403 to a member who may not claim: it is not asked for at all then.
            children: member.mayClaim ? (
              <LeadPoolTable refPath={refPath} />
            ) : (
              <Alert type="info" showIcon title={AGENT_VIEW_TEXT.notEligible} />
            ),
          },
        ]}
      />
    </>
  );
}
