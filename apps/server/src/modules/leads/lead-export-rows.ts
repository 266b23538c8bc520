import {
  deriveMarket,
  deriveSlaStage,
  LEADS_REPORT_COLUMNS,
  MESSAGES,
  ratingLabel,
  yesNo,
  type CustomFieldRule,
  type LeadsReportColumnKey,
} from '@crm/domain';
import { sqlPoolOf, type DbTx } from '../../db/prisma.js';
import { customCellValue } from '../../resources/custom-field-rules.js';
import { toCell, type Cells } from '../../resources/resource-export.js';

// The Leads report's columns (docs/product.md 'Leads report', LEADS_REPORT_COLUMNS) for a batch of lead ids: one SQL query
// joins what the columns show (agent, manager, listing, project, developer, review), then the domain's rules
// derive the rest (market, SLA stage, Yes/No, rating, 'System'), then the asset's lead custom fields, one column
// each. Prisma would need a query per relation and build objects for each; this is the export's hot loop.

export interface LeadExportRow {
  id: string;
  dataSourceCreatedAt: Date;
  sourceDataId: string | null;
  leadID: string;
  contactType: string;
  source: string;
  sourceChannel: string | null;
  location: string | null;
  status: string;
  stage: string;
  agentName: string | null;
  office: string | null;
  managerName: string | null;
  listingId: string | null;
  listingReference: string | null;
  projectId: string | null;
  projectName: string | null;
  campaignName: string | null;
  developerName: string | null;
  initialSlaEndDate: Date | null;
  freePoolSlaEndDate: Date | null;
  isAssignedFromLeadPool: boolean;
  isAccepted: boolean;
  acceptedAt: Date | null;
  isClaimedFromPool: boolean;
  isContacted: boolean;
  rating: number | null;
  creatorName: string | null;
  updatedByName: string | null;
  /** The lead's custom field values (read only when the export has their columns). */
  customFields?: unknown;
}

// Timestamps come as epoch milliseconds: stored without zone in UTC (as Prisma writes them), which extract()
// reads as UTC whatever the process's zone, and a number is far cheaper to parse than a date text.
const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
const leadExportRowsSql = (withCustomFields: boolean) => `
  SELECT ${withCustomFields ? 'l."customFields", ' : ''}l.id, ${epochMs('l."dataSourceCreatedAt"')} AS "dataSourceCreatedAt", l."sourceDataId", l."leadID", l."contactType",
         l.source, l."sourceChannel", l.location, l.status, l.stage, a.name AS "agentName", COALESCE(l."officeName", a."officeName") AS office,
         m.name AS "managerName", l."listingId", li.reference AS "listingReference", l."projectId", p.name AS "projectName", p."campaignName",
         d.name AS "developerName", ${epochMs('l."initialSlaEndDate"')} AS "initialSlaEndDate",
         ${epochMs('l."freePoolSlaEndDate"')} AS "freePoolSlaEndDate", l."isAssignedFromLeadPool", l."isAccepted",
         ${epochMs('l."acceptedAt"')} AS "acceptedAt", l."isClaimedFromPool", l."isContacted", r.rating, l."creatorName", l."updatedByName"
  FROM unnest($1::uuid[]) WITH ORDINALITY AS k(id, n)
  JOIN "Lead" l ON l.id = k.id AND l."assetId" = $2::uuid
  LEFT JOIN "TeamMember" a ON a.id = l."agentId"
  LEFT JOIN "TeamMember" m ON m.id = a."reportedToId"
  LEFT JOIN "Listing" li ON li.id = l."listingId"
  LEFT JOIN "Project" p ON p.id = l."projectId"
  LEFT JOIN "Developer" d ON d.id = p."developerId"
  LEFT JOIN "LeadReview" r ON r."leadId" = l.id
  ORDER BY k.n`;

const LEAD_EXPORT_ROWS_SQL = leadExportRowsSql(false);
const LEAD_EXPORT_ROWS_WITH_CUSTOM_SQL = leadExportRowsSql(true);

/** The rows of `ids`, in the order of `ids` (the export's keyset order), with their custom values when asked. */
export async function loadLeadExportRows(
  db: DbTx,
  assetId: string,
  ids: readonly string[],
  withCustomFields = false,
): Promise<LeadExportRow[]> {
  if (!ids.length) return [];
  const sql = withCustomFields ? LEAD_EXPORT_ROWS_WITH_CUSTOM_SQL : LEAD_EXPORT_ROWS_SQL;
  // Straight through pg when the client has its pool: the export's hot loop, where Prisma's row mapping
  // cost most of the time and garbage.
  const pool = sqlPoolOf(db);
  const rows = pool
    ? (await pool.query<RawExportRow>(sql, [ids, assetId])).rows
    : await db.$queryRawUnsafe<RawExportRow[]>(sql, ids, assetId);
  for (const row of rows) {
    row.dataSourceCreatedAt = new Date(row.dataSourceCreatedAt ?? 0);
    row.initialSlaEndDate = dateOrNull(row.initialSlaEndDate);
    row.freePoolSlaEndDate = dateOrNull(row.freePoolSlaEndDate);
    row.acceptedAt = dateOrNull(row.acceptedAt);
  }
  return rows as LeadExportRow[];
}

type DateColumn = 'dataSourceCreatedAt' | 'initialSlaEndDate' | 'freePoolSlaEndDate' | 'acceptedAt';
/** A row as read: its dates as epoch milliseconds, turned into Dates in place. */
type RawExportRow = Omit<LeadExportRow, DateColumn> & Record<DateColumn, Date | number | null>;
const dateOrNull = (value: Date | number | null) => (value === null ? null : new Date(value));

/** The header row: the report's column titles, in its order. */
export const LEAD_EXPORT_HEADERS: string[] = LEADS_REPORT_COLUMNS.map((column) => column.title);

/** The header row of an export with custom field columns: the report's, then each field's label. */
export function leadExportHeaders(custom: readonly Pick<CustomFieldRule, 'label'>[]): string[] {
  return [...LEAD_EXPORT_HEADERS, ...custom.map((rule) => rule.label)];
}

const orSystem = (name: string | null) => (name?.trim() ? name : MESSAGES.common.system);

/** What each column shows for a row (judged at `now`; dates stay instants, written in the caller's zone by the file). */
function columnValue(key: LeadsReportColumnKey, row: LeadExportRow, now: Date): unknown {
  switch (key) {
    case 'dataSourceCreatedAt':
      return row.dataSourceCreatedAt;
    case 'sourceDataId':
      return row.sourceDataId;
    case 'leadID':
      return row.leadID;
    case 'contactType':
      return row.contactType;
    case 'source':
      return row.source;
    case 'sourceChannel':
      return row.sourceChannel;
    case 'location':
      return row.location;
    case 'status':
      return row.status;
    case 'stage':
      return row.stage;
    case 'agent':
      return row.agentName;
    case 'officeName':
      return row.office;
    case 'manager':
      return row.managerName;
    case 'market':
      return deriveMarket({ project: row.projectId, listing: row.listingId });
    case 'property':
      return row.projectId ? row.projectName : row.listingReference;
    case 'campaignName':
      return row.campaignName;
    case 'projectDeveloper':
      return row.developerName;
    case 'slaStage':
      return deriveSlaStage(row, now);
    case 'isAccepted':
      return yesNo(row.isAccepted);
    case 'isClaimedFromPool':
      return yesNo(row.isClaimedFromPool);
    case 'isContacted':
      return yesNo(row.isContacted);
    case 'rating':
      return ratingLabel(row.rating);
    case 'creator':
      return orSystem(row.creatorName);
    case 'updatedBy':
      return orSystem(row.updatedByName);
  }
}

const KEYS = LEADS_REPORT_COLUMNS.map((column) => column.key);

/** A row's cells: the report's columns, then one per custom field in `custom` (as the generic exports write them). */
export function leadExportCells(row: LeadExportRow, now: Date, custom: readonly Pick<CustomFieldRule, 'key'>[] = []): Cells {
  const cells = KEYS.map((key) => toCell(columnValue(key, row, now)));
  for (const rule of custom) cells.push(toCell(customCellValue(row.customFields, rule.key)));
  return cells;
}
