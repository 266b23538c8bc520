import {
  BROKER_REPORT_COLUMNS,
  MANAGER_REPORT_COLUMNS,
  MEMBER_CALL_PERMISSIONS,
  MESSAGES,
  managerFigures,
  OFFICE_REPORT_COLUMNS,
  officeFigures,
  type ReportColumn,
  type TeamReport,
  TeamReportExportQuerySchema,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { exportZone } from '../../resources/export-zone.js';
import { CONTENT_TYPES, type Cells, csvStream, type ExportFile, toCell, xlsxStream } from '../../resources/resource-export.js';
import { brokerFigures } from './member-brokers.service.js';
import { memberAsset, parse, type MemberCall } from './member-bulk.service.js';

// The Brokers, Managers and Offices reports as CSV or XLSX: the screens' columns (shared in the domain), rows in the
// screens' default order, over the same range and filters; the file is named by the range in the caller's zone.

const TITLES: Record<TeamReport, string> = { brokers: 'Brokers', managers: 'Managers', offices: 'Offices' };
const PERMISSIONS = {
  brokers: MEMBER_CALL_PERMISSIONS.brokersExport,
  managers: MEMBER_CALL_PERMISSIONS.managersExport,
  offices: MEMBER_CALL_PERMISSIONS.officesExport,
} as const;

function table<T>(columns: readonly ReportColumn<T>[], rows: readonly T[]) {
  return { headers: columns.map((c) => c.title), cells: rows.map((row, i): Cells => columns.map((c) => toCell(c.cell(row, i)))) };
}

/** GET teams/members/statistics/{brokers|managers|offices}/export?format&from&to&excludeTestAgents&department&office. */
export async function exportTeamReport(call: MemberCall, report: TeamReport, query: unknown, timeZone?: string): Promise<ExportFile> {
  const assetId = memberAsset(call, PERMISSIONS[report]);
  const input = parse(TeamReportExportQuerySchema, query);
  const from = input.from ? new Date(input.from) : null;
  const to = input.to ? new Date(input.to) : null;
  const excludeTests = input.excludeTestAgents === 'true';
  const { agents } = await brokerFigures(call.deps.db, assetId, from, to, {
    excludeTestAgents: excludeTests,
    department: input.department ?? null,
  });
  const { headers, cells } =
    report === 'brokers'
      ? table(
          BROKER_REPORT_COLUMNS,
          // The screen's default order: most leads assigned first (then by name, as the server reads them).
          agents.filter((a) => !input.office || a.member.officeName === input.office).sort((a, b) => b.leadsAssigned - a.leadsAssigned),
        )
      : report === 'managers'
        ? table(MANAGER_REPORT_COLUMNS, managerFigures(agents, excludeTests))
        : table(OFFICE_REPORT_COLUMNS, officeFigures(agents, excludeTests));
  if (!cells.length) throw AppError.notFound(MESSAGES.common.dataEmpty);

  const zone = exportZone(timeZone);
  const day = (date: Date | null, open: string) => (date ? zone.iso(date).slice(0, 10) : open);
  const fileName = `${report}-${day(from, 'start')}-to-${day(to, 'now')}.${input.format}`;
  async function* rows() {
    yield cells;
  }
  const onError = (error: unknown) => call.deps.log.error({ err: error, report }, 'team report export failed');
  const stream =
    input.format === 'xlsx' ? xlsxStream(TITLES[report], headers, rows(), onError, zone) : csvStream(headers, rows(), onError, zone);
  return { stream, fileName, contentType: CONTENT_TYPES[input.format] };
}
