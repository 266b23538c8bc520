import {
  DATE_PRESET,
  DATE_PRESETS,
  type DatePreset,
  datePresetRange,
  PORTAL_LEADS_EXPORT_PATH,
  PORTAL_LEADS_GROUPING_LABELS,
  PORTAL_LEADS_GROUPINGS,
  type PortalLeadsGrouping,
  type PortalLeadsRow,
  portalLeadsColumns,
  portalLeadsFigureLink,
} from '@crm/domain';
import { Segmented, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { trpc } from '../../app/trpc';
import { ReportExportButton } from '../../kit/export/ExportButton';
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
  const columns: ColumnsType<Row> = portalLeadsColumns(by).map((column) => ({
    key: column.key,
    title: column.title,
    align: column.key === 'label' ? undefined : 'end',
    render: (_: unknown, row: Row) => (column.key in FIGURE_NAMES ? count(column.key as Figure)(_, row) : column.cell(row, 0)),
  }));
  const exportUrl = (format: string) => `/api/${PORTAL_LEADS_EXPORT_PATH}?${new URLSearchParams({ format, by, ...range }).toString()}`;
  const rows: Row[] = data
    ? [...data.rows.map((row) => ({ ...row, rowKey: `g:${row.key}` })), ...(data.rows.length ? [{ ...data.total, rowKey: 'total' }] : [])]
    : [];
  return (
    <ReportPage<Row>
      title="Portal Leads"
      exportButton={
        <ReportExportButton path={PORTAL_LEADS_EXPORT_PATH} url={exportUrl} labelMany="portal leads" testId="portal-leads-report" />
      }
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
