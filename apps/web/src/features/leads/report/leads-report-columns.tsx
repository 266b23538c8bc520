import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import {
  formatInZone,
  LEADS_REPORT_COLUMNS,
  LINKS,
  SLA_STAGE_COLORS,
  stageColor,
  statusColor,
  YES_NO_COLORS,
  type LeadsReportColumnKey,
} from '@crm/domain';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { columnSortOrder, type ListSort } from '../../../kit/list/list-state';
import { linkWithParams, type LinkParams } from '../../../kit/navigation/list-links';
import type { LeadReportRow, LeadRowView } from './lead-row';

// The Leads columns, in the domain's order with its titles, and their colours (docs/product.md 'Leads report').

export type LeadTableRow = LeadReportRow & { view: LeadRowView };

export const CREATED_AT_FORMAT = 'MMM D, YYYY, h:mm A';

/** Columns the lead resource can sort by (apps/server lead.resource.ts `sortable`). */
const SORTABLE = new Set<LeadsReportColumnKey>(['dataSourceCreatedAt', 'leadID', 'contactType', 'source', 'status', 'stage']);

/**
 * Cells stay on one line: the table scrolls sideways rather than growing rows three lines tall. A new object
 * per call: antd writes its sorter's onClick into what onHeaderCell returns.
 */
const oneLine = () => ({ style: { whiteSpace: 'nowrap' as const } });

export interface LeadColumnsContext {
  timeZone: string | undefined;
  canUpdate: boolean;
  sort: ListSort | null;
  defaultSort: ListSort;
  /** What row links carry (ref back to the report, its params). */
  linkParams: LinkParams;
}

const dash = (value: string | null | undefined): ReactNode => (value ? value : '-');
const yesNoTag = (value: 'Yes' | 'No') => <Tag color={YES_NO_COLORS[value]}>{value}</Tag>;

function cellOf(key: LeadsReportColumnKey, row: LeadTableRow, ctx: LeadColumnsContext): ReactNode {
  const { view } = row;
  switch (key) {
    case 'dataSourceCreatedAt':
      return dash(formatInZone(row.dataSourceCreatedAt, CREATED_AT_FORMAT, ctx.timeZone));
    case 'sourceDataId':
      return dash(row.crmId);
    case 'leadID':
      return <Link to={linkWithParams(LINKS.leadDetail(row.id), { ...ctx.linkParams, refresh: true })}>{row.leadID || row.id}</Link>;
    case 'contactType':
      return dash(row.contactType);
    case 'source':
      return dash(row.source);
    case 'sourceChannel':
      return dash(row.sourceChannel);
    case 'location':
      return dash(row.location);
    case 'status':
      return row.status ? <Tag color={statusColor(row.status)}>{row.status}</Tag> : '-';
    case 'stage':
      return row.stage ? <Tag color={stageColor(row.stage)}>{row.stage}</Tag> : '-';
    case 'agent':
      return dash(row.agent?.label);
    case 'officeName':
      return dash(view.office);
    case 'manager':
      return dash(view.manager);
    case 'market':
      return view.market;
    case 'property':
      if (row.project)
        return (
          <Link to={linkWithParams(LINKS.project(row.project.id), { ...ctx.linkParams, refresh: true })}>
            {row.project.label || row.project.id}
          </Link>
        );
      if (row.listing)
        return (
          <Link to={linkWithParams(LINKS.listing(row.listing.id), { ...ctx.linkParams, refresh: true })}>
            {row.listing.label || row.listing.id}
          </Link>
        );
      return '-';
    case 'campaignName':
      return dash(row.project?.campaignName);
    case 'projectDeveloper':
      return dash(view.developer);
    case 'slaStage': {
      const color = SLA_STAGE_COLORS[view.slaStage];
      return color ? <Tag color={color}>{view.slaStage}</Tag> : view.slaStage;
    }
    case 'isAccepted':
      return yesNoTag(view.claimed);
    case 'isClaimedFromPool':
      return yesNoTag(view.poolClaimed);
    case 'isContacted':
      return yesNoTag(view.contacted);
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
  }
}

function actionsColumn(ctx: LeadColumnsContext): ColumnsType<LeadTableRow>[number] {
  return {
    key: 'actions',
    title: 'Actions',
    fixed: 'right',
    width: ctx.canUpdate ? 96 : 64,
    render: (_: unknown, row: LeadTableRow) => (
      <Space size={4}>
        <Tooltip title="View Lead">
          <Link to={linkWithParams(LINKS.leadDetail(row.id), { ...ctx.linkParams, refresh: true })} aria-label={`View lead ${row.leadID}`}>
            <Button type="text" size="small" icon={<EyeOutlined />} />
          </Link>
        </Tooltip>
        {/* The Update Lead icon only with LEAD_UPDATE; the form lives at /leads/{id}/update. */}
        {ctx.canUpdate && (
          <Tooltip title="Update Lead">
            <Link
              to={linkWithParams(LINKS.leadUpdatePage(row.id), { ...ctx.linkParams, refresh: true })}
              aria-label={`Update lead ${row.leadID}`}
            >
              <Button type="text" size="small" icon={<EditOutlined />} />
            </Link>
          </Tooltip>
        )}
      </Space>
    ),
  };
}

export function leadsReportColumns(ctx: LeadColumnsContext): ColumnsType<LeadTableRow> {
  const columns: ColumnsType<LeadTableRow> = LEADS_REPORT_COLUMNS.map((column) => {
    const sortable = SORTABLE.has(column.key);
    return {
      key: column.key,
      dataIndex: column.key,
      title: column.title,
      onCell: oneLine,
      onHeaderCell: oneLine,
      render: (_: unknown, row: LeadTableRow) => cellOf(column.key, row, ctx),
      ...(sortable
        ? {
            sorter: true,
            sortOrder: columnSortOrder(column.key, ctx.sort, ctx.defaultSort),
            // The default sort's column turns the other way first; a cleared sort is the default again.
            sortDirections:
              column.key === ctx.defaultSort.field ? (['descend', 'ascend'] as const).slice() : (['ascend', 'descend'] as const).slice(),
          }
        : {}),
    };
  });
  columns.push(actionsColumn(ctx));
  return columns;
}
