import type { TeamReport } from '@crm/domain';
import type { ReactNode } from 'react';
import { ReportPage, type ReportTableProps } from '../../kit/report/ReportPage';
import { TeamReportExport } from './TeamReportExport';
import { TeamReportFilters } from './TeamReportFilters';
import type { TeamStatistics } from './useTeamStatistics';

/**
 * A team report (Brokers, Managers, Offices) on the kit's ReportPage: the shared filters (plus the report's own), the
 * Export of the same range and filters, and the table's loading state from the figures' read.
 */
export function TeamReportPage<Row extends object>(props: {
  title: string;
  report: TeamReport;
  statistics: TeamStatistics;
  table: Omit<ReportTableProps<Row>, 'loading'>;
  /** The report's own filters, after the shared ones. */
  filters?: ReactNode;
  /** A filter applied in the browser that the export must carry too (the Brokers report's office). */
  office?: string | undefined;
  chart?: ReactNode;
}) {
  const { statistics } = props;
  return (
    <ReportPage<Row>
      title={props.title}
      exportButton={<TeamReportExport report={props.report} filters={statistics.filters} office={props.office} />}
      filters={<TeamReportFilters statistics={statistics}>{props.filters}</TeamReportFilters>}
      error={statistics.query.error}
      chart={props.chart}
      table={{ ...props.table, loading: statistics.query.isFetching }}
    />
  );
}
