import { type BrokerStatisticsQuery, dealsBehindLink, leadsBehindLink, type ReportColumn, type TeamFigure } from '@crm/domain';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface FigureRange {
  from?: string;
  to?: string;
}

/** What a report asks the server for (and its export): the range, test agents or not, a department. */
export type TeamReportQuery = Omit<BrokerStatisticsQuery, 'asset'>;

/** Sorts rows by a number (a missing figure, N/A, first). */
export const byNumber =
  <T,>(pick: (row: T) => number | null) =>
  (a: T, b: T) =>
    (pick(a) ?? -1) - (pick(b) ?? -1);

/**
 * A report's table columns from its domain columns (the export's too): the same titles and cells, each count a
 * link to the Leads report listing the leads behind it (whose members: `agentsOf`), sorters and renders by key.
 */
export function reportTableColumns<T>(
  columns: readonly ReportColumn<T>[],
  options: {
    range: FigureRange;
    agentsOf: (figure: TeamFigure, row: T) => string[];
    nameOf: (row: T) => string;
    sorters?: Partial<Record<string, (a: T, b: T) => number>>;
    render?: Partial<Record<string, (row: T) => ReactNode>>;
  },
): TableColumnsType<T> {
  return columns.map((column) => {
    const own = options.render?.[column.key];
    const figure = column.figure;
    return {
      key: column.key,
      title: column.title,
      sorter: options.sorters?.[column.key],
      render: (_: unknown, row: T, index: number) => {
        if (own) return own(row);
        const value = column.cell(row, index);
        if (column.deals) return dealsLink(value, column.title, row, options);
        if (!figure || typeof value !== 'number') return value;
        const agents = options.agentsOf(figure, row);
        if (!agents.length) return value;
        return (
          <Link
            to={leadsBehindLink({ figure, agents, ...options.range })}
            aria-label={`${value} ${column.title} for ${options.nameOf(row)}: open these leads`}
          >
            {value}
          </Link>
        );
      },
    };
  });
}

/** A deal figure as the link to the deals behind it: the row's members' deals won in the range. */
function dealsLink<T>(
  value: ReturnType<ReportColumn<T>['cell']>,
  title: string,
  row: T,
  options: { range: FigureRange; agentsOf: (figure: TeamFigure, row: T) => string[]; nameOf: (row: T) => string },
): ReactNode {
  const agents = options.agentsOf('assigned', row);
  if (!agents.length) return value;
  const name = options.nameOf(row);
  const link = dealsBehindLink({
    label: `${name}: deals won`,
    agents,
    outcome: 'won',
    ...(options.range.from ? { closedFrom: options.range.from } : {}),
    ...(options.range.to ? { closedTo: options.range.to } : {}),
  });
  return (
    <Link to={link} aria-label={`${value} ${title} for ${name}: open these deals`}>
      {value}
    </Link>
  );
}

/** Sorters of the figure columns the Managers and Offices reports share. */
export function figureSorters<
  T extends {
    members: number;
    leadsAssigned: number;
    leadsAccepted: number;
    acceptanceRate: number | null;
    claimedFromPool: number;
    escalated: number;
    averageResponseTime: number | null;
    ratingAverage: number | null;
  },
>(): Record<string, (a: T, b: T) => number> {
  return {
    members: byNumber<T>((r) => r.members),
    assigned: byNumber<T>((r) => r.leadsAssigned),
    accepted: byNumber<T>((r) => r.leadsAccepted),
    rate: byNumber<T>((r) => r.acceptanceRate),
    claimed: byNumber<T>((r) => r.claimedFromPool),
    escalated: byNumber<T>((r) => r.escalated),
    response: byNumber<T>((r) => r.averageResponseTime),
    rating: byNumber<T>((r) => r.ratingAverage),
  };
}
