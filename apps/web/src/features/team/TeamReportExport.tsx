import { TEAM_REPORT_EXPORT_PATHS, type TeamReport } from '@crm/domain';
import { ReportExportButton } from '../../kit/export/ExportButton';
import type { TeamReportQuery } from './team-report-columns';

const LABELS: Record<TeamReport, string> = { brokers: 'brokers', managers: 'managers', offices: 'offices' };

/** A team report's Export (CSV or XLSX) of what the screen shows: its range and filters, in the caller's zone. */
export function TeamReportExport(props: { report: TeamReport; filters: TeamReportQuery; office?: string | undefined }) {
  const path = TEAM_REPORT_EXPORT_PATHS[props.report];
  const url = (format: string) => {
    const params = new URLSearchParams({ format });
    for (const [key, value] of Object.entries(props.filters)) if (value) params.set(key, value);
    if (props.office) params.set('office', props.office);
    return `/api/${path}?${params.toString()}`;
  };
  return <ReportExportButton path={path} url={url} labelMany={LABELS[props.report]} testId={`${props.report}-report`} />;
}
