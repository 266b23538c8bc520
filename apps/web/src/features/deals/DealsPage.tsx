import { DEAL_PIPELINE_LABELS, DEAL_PIPELINES, type DealPipeline, type DealsBehind, dealsBehindOf, dealsBehindQuery } from '@crm/domain';
import { Alert, Button, Card, Segmented, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { DealBoard } from './DealBoard';
import { DealsList } from './DealsList';
import { DealTotals } from './DealTotals';

/** /reports/deals: a pipeline's board, every deal as a list, and the totals by agent and month. */
export function DealsPage() {
  const [pipeline, setPipeline] = useState<DealPipeline>('sale');
  // A figure elsewhere (Home, a total) opens the List with exactly the deals behind it.
  const [params] = useSearchParams();
  const [behind, setBehind] = useState<DealsBehind | null>(() => dealsBehindOf(params));
  const [tab, setTab] = useState(behind ? 'list' : 'board');
  const show = (deals: DealsBehind) => {
    setBehind(deals);
    setTab('list');
  };
  return (
    <ResourcePage title="Deals">
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'board',
              label: 'Board',
              children: (
                <>
                  <Segmented<DealPipeline>
                    value={pipeline}
                    onChange={setPipeline}
                    options={DEAL_PIPELINES.map((value) => ({ value, label: DEAL_PIPELINE_LABELS[value] }))}
                    aria-label="Pipeline"
                    style={{ marginBottom: 12 }}
                  />
                  <DealBoard key={pipeline} pipeline={pipeline} />
                </>
              ),
            },
            {
              key: 'list',
              label: 'List',
              children: behind ? (
                <>
                  <Alert
                    type="info"
                    style={{ marginBottom: 12 }}
                    message={behind.label}
                    action={<Button onClick={() => setBehind(null)}>Show all deals</Button>}
                  />
                  <DealsList key={JSON.stringify(behind)} fixedQuery={dealsBehindQuery(behind)} />
                </>
              ) : (
                <DealsList />
              ),
            },
            { key: 'totals', label: 'Totals', children: <DealTotals onShow={show} /> },
          ]}
        />
      </Card>
    </ResourcePage>
  );
}
