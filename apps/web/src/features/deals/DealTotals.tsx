import { DEAL_TOTALS_BY, type DealsBehind, type DealTotals as Totals, formatMinorUnits } from '@crm/domain';
import { Alert, Button, Segmented, Table } from 'antd';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { toApiError } from '../../kit/api/api-error';

type Row = Totals['rows'][number];
type By = (typeof DEAL_TOTALS_BY)[number];
const BY_LABEL: Record<By, string> = { agent: 'By agent', month: 'By closing month' };

type Outcome = 'open' | 'won' | 'lost';

/** The deals a figure counts: an agent's opened in the range, or a month's closed; of one outcome or all. */
function behind(by: By, row: Row, outcome: Outcome | null): DealsBehind {
  const what = outcome ? ` ${outcome}` : '';
  const of = outcome ? { outcome } : {};
  if (by === 'agent')
    return {
      label: `${row.label}: deals${what}`,
      agent: row.key,
      ...of,
      ...(row.from ? { createdFrom: row.from } : {}),
      ...(row.to ? { createdTo: row.to } : {}),
    };
  return {
    label: `${row.label}: deals closed${what}`,
    ...of,
    ...(row.from ? { closedFrom: row.from } : {}),
    ...(row.to ? { closedBefore: row.to } : {}),
  };
}

/** Totals by agent or by closing month: count, value, commission of the won deals, won rate. */
export function DealTotals({ onShow }: { onShow: (deals: DealsBehind) => void }) {
  const [by, setBy] = useState<By>('agent');
  const totals = trpc.deals.totals.useQuery({ by });
  const currency = totals.data?.currency ?? '';
  const money = (value: number) => formatMinorUnits(value, currency);
  const figure = (row: Row, count: number, outcome: Outcome | null) => {
    const deals = behind(by, row, outcome);
    return count ? (
      <Button type="link" size="small" onClick={() => onShow(deals)} aria-label={`${count}: show ${deals.label}`}>
        {count}
      </Button>
    ) : (
      0
    );
  };
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
          { key: 'count', title: 'Deals', align: 'end', render: (_, row) => figure(row, row.count, null) },
          { key: 'open', title: 'Open', align: 'end', render: (_, row) => figure(row, row.open, 'open') },
          { key: 'won', title: 'Won', align: 'end', render: (_, row) => figure(row, row.won, 'won') },
          { key: 'lost', title: 'Lost', align: 'end', render: (_, row) => figure(row, row.lost, 'lost') },
          { key: 'value', title: 'Value', align: 'end', render: (_, row) => money(row.value) },
          { key: 'wonValue', title: 'Won value', align: 'end', render: (_, row) => money(row.wonValue) },
          { key: 'commission', title: 'Commission', align: 'end', render: (_, row) => money(row.commission) },
          { key: 'wonRate', title: 'Won rate', align: 'end', render: (_, row) => (row.wonRate === null ? '-' : `${row.wonRate}%`) },
        ]}
      />
    </>
  );
}
