import { DEAL_PIPELINE_LABELS, DEAL_PIPELINES, type DealPipeline } from '@crm/domain';
import { Card, Segmented, Tabs } from 'antd';
import { useState } from 'react';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { DealBoard } from './DealBoard';
import { DealsList } from './DealsList';
import { DealTotals } from './DealTotals';

/** /reports/deals: a pipeline's board, every deal as a list, and the totals by agent and month. */
export function DealsPage() {
  const [pipeline, setPipeline] = useState<DealPipeline>('sale');
  return (
    <ResourcePage title="Deals">
      <Card>
        <Tabs
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
            { key: 'list', label: 'List', children: <DealsList /> },
            { key: 'totals', label: 'Totals', children: <DealTotals /> },
          ]}
        />
      </Card>
    </ResourcePage>
  );
}
