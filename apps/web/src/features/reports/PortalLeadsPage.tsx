import {
  DATE_PRESET,
  DATE_PRESETS,
  type DatePreset,
  datePresetRange,
  formatResponseTime,
  PORTAL_LEADS_GROUPING_LABELS,
  PORTAL_LEADS_GROUPINGS,
  type PortalLeadsGrouping,
  type PortalLeadsRow,
  portalLeadsFigureLink,
} from '@crm/domain';
import { Segmented, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { ReportPage } from '../../kit/report/ReportPage';
import { useProfile } from '../../kit/session/useProfile';

type Row = PortalLeadsRow & { rowKey: string };
type Figure = 'enquiries' | 'responded' | 'claimedFromPool' | 'viewings' | 'deals';
const FIGURE_NAMES: Record<Figure, string> = {
  enquiries: 'enquiries',
  responded: 'answered by a person',
  claimedFromPool: 'claimed from the pool',
  viewings: 'with a viewing',
  deals: 'with a deal',
};
const GROUP_TITLES: Record<PortalLeadsGrouping, string> = { portal: 'Portal', listing: 'Listing', channel: 'Channel' };
const share = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '-');

/**
 * /reports/portal-leads (docs/product.md 'Portal Leads'): the asset's leads of a period by portal, listing or channel:
 * enquiries and people, the first response by a person (median and p90), the pool's claims, viewings and deals; each
 * count opens its leads in the Leads report.
 */
export function PortalLeadsPage() {
  const profile = useProfile();
  const timeZone = profile.data?.business?.timezone ?? null;
  const [by, setBy] = useState<PortalLeadsGrouping>('portal');
  const [preset, setPreset] = useState<DatePreset>(DATE_PRESET.THIS_MONTH);
  const range = useMemo(() => datePresetRange(preset, new Date(), timeZone), [preset, timeZone]);
  const report = trpc.reports.portalLeads.useQuery({ by, ...range }, { enabled: profile.data !== undefined });
  const data = report.data;

  const count = (figure: Figure) => (_: unknown, row: Row) => {
    const value = row[figure];
    if (!data || !value) return value;
    const link = portalLeadsFigureLink(data, row.rowKey === 'total' ? null : row, figure);
    return (
      <Link to={link} aria-label={`${value} ${FIGURE_NAMES[figure]}: ${row.label}`}>
        {value}
      </Link>
    );
  };
  const columns: ColumnsType<Row> = [
    { key: 'label', title: GROUP_TITLES[by], dataIndex: 'label' },
    { key: 'enquiries', title: 'Enquiries', align: 'end', render: count('enquiries') },
    { key: 'people', title: 'People', align: 'end', dataIndex: 'people' },
    {
      key: 'median',
      title: 'First response (median)',
      align: 'end',
      render: (_, row) => (row.firstResponseMedianSeconds === null ? '-' : formatResponseTime(row.firstResponseMedianSeconds / 60)),
    },
    {
      key: 'p90',
      title: 'First response (p90)',
      align: 'end',
      render: (_, row) => (row.firstResponseP90Seconds === null ? '-' : formatResponseTime(row.firstResponseP90Seconds / 60)),
    },
    { key: 'responded', title: 'Answered', align: 'end', render: count('responded') },
    { key: 'claimed', title: 'Claimed from pool', align: 'end', render: count('claimedFromPool') },
    { key: 'claimedShare', title: 'Claimed share', align: 'end', render: (_, row) => share(row.claimedFromPool, row.enquiries) },
    { key: 'viewings', title: 'With a viewing', align: 'end', render: count('viewings') },
    { key: 'deals', title: 'With a deal', align: 'end', render: count('deals') },
    { key: 'conversion', title: 'Lead to deal', align: 'end', render: (_, row) => share(row.deals, row.enquiries) },
  ];
  const rows: Row[] = data
    ? [...data.rows.map((row) => ({ ...row, rowKey: `g:${row.key}` })), ...(data.rows.length ? [{ ...data.total, rowKey: 'total' }] : [])]
    : [];
  return (
    <ReportPage<Row>
      title="Portal Leads"
      exportButton={null}
      filters={
        <Space wrap style={{ marginBottom: 16 }}>
          <Segmented<PortalLeadsGrouping>
            aria-label="Group the leads"
            value={by}
            onChange={setBy}
            options={PORTAL_LEADS_GROUPINGS.map((value) => ({ value, label: PORTAL_LEADS_GROUPING_LABELS[value] }))}
          />
          <Select<DatePreset>
            aria-label="Period"
            style={{ minWidth: 160 }}
            value={preset}
            onChange={setPreset}
            options={DATE_PRESETS.map((value) => ({ value, label: value }))}
          />
        </Space>
      }
      error={report.error}
      table={{
        rowKey: 'rowKey',
        columns,
        dataSource: rows,
        loading: report.isPending,
        testId: 'portal-leads-table',
        emptyText: 'No leads in this period',
      }}
    />
  );
}
