import {
  type FieldKeyOf,
  LEADS_REPORT_COLUMNS,
  type LeadsReportColumnKey,
  LINKS,
  type leadContract,
  populated,
  SLA_STAGE_COLORS,
  stageColor,
  statusColor,
} from '@crm/domain';
import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CellRender, ColumnSpec } from '../../../kit/table/table-columns';
import type { LeadRow, LeadRowView } from './lead-row';

// The Leads columns, in the domain's order with its titles, and their colours (docs/product.md 'Leads report'). Columns of
// a lead field are the kit's (sorter from the contract, cell by kind); the others are derived from the row.

type Leads = typeof leadContract;

export interface LeadColumnsContext {
  view: (row: LeadRow) => LeadRowView;
  /** A link to a record, carrying `ref` back to the report. */
  linkBack: (path: string) => string;
}

/** The domain's columns that show a lead field as it is. */
const FIELD_COLUMNS: ReadonlySet<LeadsReportColumnKey> = new Set<LeadsReportColumnKey>([
  'dataSourceCreatedAt',
  'sourceDataId',
  'leadID',
  'contactType',
  'source',
  'sourceChannel',
  'location',
  'status',
  'stage',
  'agent',
  'officeName',
  'isAccepted',
  'isClaimedFromPool',
  'isContacted',
]);

const isFieldColumn = (key: LeadsReportColumnKey): key is LeadsReportColumnKey & FieldKeyOf<Leads> => FIELD_COLUMNS.has(key);

const dash = (value: string | null | undefined): ReactNode => value || '-';

function propertyCell(row: LeadRow, linkBack: (path: string) => string): ReactNode {
  const project = populated(row.project);
  if (project) return <Link to={linkBack(LINKS.project(project._id))}>{project.name || project._id}</Link>;
  const listing = populated(row.listing);
  if (listing) return <Link to={linkBack(LINKS.listing(listing._id))}>{listing.reference || listing._id}</Link>;
  return '-';
}

function derivedCell(key: LeadsReportColumnKey, row: LeadRow, ctx: LeadColumnsContext): ReactNode {
  const view = ctx.view(row);
  switch (key) {
    case 'manager':
      return dash(view.manager);
    case 'market':
      return view.market;
    case 'property':
      return propertyCell(row, ctx.linkBack);
    case 'campaignName':
      return dash(populated(row.project)?.campaignName);
    case 'projectDeveloper':
      return dash(view.developer);
    case 'slaStage': {
      const color = SLA_STAGE_COLORS[view.slaStage];
      return color ? <Tag color={color}>{view.slaStage}</Tag> : view.slaStage;
    }
    case 'rating':
      return view.feedback ? (
        <Tooltip title={view.feedback}>
          <span data-testid="lead-rating">{view.rating}</span>
        </Tooltip>
      ) : (
        view.rating
      );
    case 'creator':
      return view.createdBy;
    case 'updatedBy':
      return view.updatedBy;
    default:
      return '-';
  }
}

/** The report's columns for the kit: its fields by key with the domain's titles, the derived ones rendered here. */
export function leadsReportColumns(ctx: LeadColumnsContext): ColumnSpec<Leads>[] {
  return LEADS_REPORT_COLUMNS.map(({ key, title }) =>
    isFieldColumn(key) ? { field: key, title } : { key, title, render: (row: LeadRow) => derivedCell(key, row, ctx) },
  );
}

/** Cells of lead fields the report shows its own way: coloured status and stage, the office of the lead or its agent. */
export function leadsReportCells(ctx: LeadColumnsContext): Partial<Record<FieldKeyOf<Leads>, CellRender<LeadRow>>> {
  return {
    status: (row) => (row.status ? <Tag color={statusColor(row.status)}>{row.status}</Tag> : '-'),
    stage: (row) => (row.stage ? <Tag color={stageColor(row.stage)}>{row.stage}</Tag> : '-'),
    contactType: (row) => dash(row.contactType),
    officeName: (row) => dash(ctx.view(row).office),
  };
}
