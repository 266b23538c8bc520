import { DEAL_TOTALS_BY, type DealTotals as Totals, formatMinorUnits } from '@crm/domain';
import { Alert, Segmented, Table } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';

type Row = Totals['rows'][number];
type By = (typeof DEAL_TOTALS_BY)[number];

const BY_LABEL: Record<By, string> = { agent: 'By agent', month: 'By closing month' };

/** Totals by agent or by closing month: count, value, commission of the won deals, won rate. */
export function DealTotals() {
  const [by, setBy] = useState<By>('agent');
  const totals = trpc.deals.totals.useQuery({ by });
  const currency = totals.data?.currency ?? '';
  const money = (value: number) => formatMinorUnits(value, currency);
  return (
    <>
      <Segmented<By>
        value={by}
        onChange={setBy}
        options={DEAL_TOTALS_BY.map((value) => ({ value, label: BY_LABEL[value] }))}
        aria-label="Group totals"
        style={{ marginBottom: 12 }}
      />
      {totals.isError && <Alert type="error" message={toApiError(totals.error).message} />}
      <Table<Row>
        rowKey="key"
        loading={totals.isPending}
        dataSource={totals.data?.rows ?? []}
        pagination={false}
        columns={[
          { key: 'label', title: by === 'agent' ? 'Agent' : 'Month', dataIndex: 'label' },
          { key: 'count', title: 'Deals', dataIndex: 'count', align: 'end' },
          { key: 'open', title: 'Open', dataIndex: 'open', align: 'end' },
          { key: 'won', title: 'Won', dataIndex: 'won', align: 'end' },
          { key: 'lost', title: 'Lost', dataIndex: 'lost', align: 'end' },
          { key: 'value', title: 'Value', align: 'end', render: (_, row) => money(row.value) },
          { key: 'wonValue', title: 'Won value', align: 'end', render: (_, row) => money(row.wonValue) },
          { key: 'commission', title: 'Commission', align: 'end', render: (_, row) => money(row.commission) },
          { key: 'wonRate', title: 'Won rate', align: 'end', render: (_, row) => (row.wonRate === null ? '-' : `${row.wonRate}%`) },
        ]}
      />
    </>
  );
}
