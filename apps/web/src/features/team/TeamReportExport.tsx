import { TEAM_REPORT_EXPORT_PATHS, type TeamReport } from '@crm/domain';
import { ReportExportButton } from '../../kit/export/ExportButton';
import type { FigureRange } from './team-report-columns';

const LABELS: Record<TeamReport, string> = { brokers: 'brokers', managers: 'managers', offices: 'offices' };

/** A team report's Export (CSV or XLSX) of what the screen shows: its range and filters, in the caller's zone. */
export function TeamReportExport(props: { report: TeamReport; range: FigureRange; office?: string | undefined; excludeTests?: boolean }) {
  const path = TEAM_REPORT_EXPORT_PATHS[props.report];
  const url = (format: string) => {
    const params = new URLSearchParams({ format });
    if (props.range.from) params.set('from', props.range.from);
    if (props.range.to) params.set('to', props.range.to);
    if (props.office) params.set('office', props.office);
    if (props.excludeTests !== undefined) params.set('excludeTestAgents', String(props.excludeTests));
    return `/api/${path}?${params.toString()}`;
  };
  return <ReportExportButton path={path} url={url} labelMany={LABELS[props.report]} testId={`${props.report}-report`} />;
}
