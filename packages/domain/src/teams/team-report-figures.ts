import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { formatResponseTime } from '../time/response-time.js';
import { type BrokerStatistics, BrokerStatisticsQuerySchema } from './member-calls.schemas.js';
import type { ManagerFigures, OfficeFigures, TeamFigures } from './team-reports.js';

// The Brokers, Managers and Offices reports' columns, shared by the screens and their CSV/XLSX exports so both show
// the same figures, and the click-through from a count to the Leads report filtered to the leads behind it.

/** The count figures a reader can open as leads: each is a condition on an assignment of the lead. */
export const TEAM_FIGURES = ['assigned', 'accepted', 'claimed', 'escalated', 'escalatedToManager'] as const;
export type TeamFigure = (typeof TEAM_FIGURES)[number];

export const TEAM_FIGURE_LABELS: Record<TeamFigure, string> = {
  assigned: 'Leads Assigned',
  accepted: 'Accepted',
  claimed: 'Claimed From Pool',
  escalated: 'Escalated',
  escalatedToManager: 'Escalated To Manager',
};

/**
 * The Leads report's `assignment` filter key (docs/api.md 'Leads'): leads with an assignment to one of `agents`,
 * made within `from`..`to` (inclusive), meeting the figure's condition. A report's count is of assignments, so it
 * equals the list's total unless one lead was given twice to the same members in the range.
 */
export const LEAD_ASSIGNMENT_FILTER = 'assignment';
export const LeadAssignmentFilterSchema = z.strictObject({
  figure: z.enum(TEAM_FIGURES),
  agents: z.array(z.uuid()).min(1).max(500),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type LeadAssignmentFilter = z.infer<typeof LeadAssignmentFilterSchema>;

/** The URL param the Leads report reads its click-through filter from (with `refresh`: a fresh start). */
export const LEADS_BEHIND_PARAM = 'assignment';

/** The Leads report showing the leads behind a figure. */
export function leadsBehindLink(filter: LeadAssignmentFilter): string {
  const params = new URLSearchParams({ refresh: '1', [LEADS_BEHIND_PARAM]: JSON.stringify(filter) });
  return `/reports/leads?${params.toString()}`;
}

/** The click-through filter of a Leads report URL, or null when it has none or it does not read. */
export function leadsBehindOf(params: URLSearchParams): LeadAssignmentFilter | null {
  const raw = params.get(LEADS_BEHIND_PARAM);
  if (!raw) return null;
  try {
    const parsed = LeadAssignmentFilterSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type ReportCell = string | number | null;

export interface ReportColumn<T> {
  key: string;
  title: string;
  cell: (row: T, index: number) => ReportCell;
  /** Count columns open the leads behind them. */
  figure?: TeamFigure;
  /** Deal columns open the deals behind them (won in the range, by closing date). */
  deals?: 'won';
}

type Agent = BrokerStatistics['agents'][number];

export const NO_OFFICE = 'No office';

/** A won value (minor units) as the reports and their exports show it: the major amount with two decimals. */
const wonValue = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const rating = (average: number | null, count: number) => (average === null ? MESSAGES.common.notAvailable : `${average} (${count})`);

export const BROKER_REPORT_COLUMNS: readonly ReportColumn<Agent>[] = [
  { key: 'name', title: 'Agent', cell: (row) => row.member.name },
  { key: 'office', title: 'Office', cell: (row) => row.member.officeName ?? MESSAGES.record.empty },
  { key: 'assigned', title: TEAM_FIGURE_LABELS.assigned, cell: (row) => row.leadsAssigned, figure: 'assigned' },
  { key: 'accepted', title: TEAM_FIGURE_LABELS.accepted, cell: (row) => row.leadsAccepted, figure: 'accepted' },
  { key: 'claimed', title: TEAM_FIGURE_LABELS.claimed, cell: (row) => row.claimedFromPool, figure: 'claimed' },
  { key: 'escalated', title: TEAM_FIGURE_LABELS.escalated, cell: (row) => row.escalated, figure: 'escalated' },
  { key: 'response', title: 'Average Response Time', cell: (row) => formatResponseTime(row.averageResponseTime) },
  { key: 'rating', title: 'Rating', cell: (row) => rating(row.ratingAverage, row.ratingCount) },
  { key: 'dealsWon', title: 'Deals Won', cell: (row) => row.dealsWon, deals: 'won' },
  { key: 'dealsWonValue', title: 'Won Value', cell: (row) => wonValue(row.dealsWonValue), deals: 'won' },
];

/** The figure columns the Managers and Offices reports share. */
export function teamFigureColumns<T extends TeamFigures>(): ReportColumn<T>[] {
  return [
    { key: 'members', title: 'Members', cell: (row) => row.members },
    { key: 'assigned', title: TEAM_FIGURE_LABELS.assigned, cell: (row) => row.leadsAssigned, figure: 'assigned' },
    { key: 'accepted', title: TEAM_FIGURE_LABELS.accepted, cell: (row) => row.leadsAccepted, figure: 'accepted' },
    {
      key: 'rate',
      title: 'Acceptance',
      cell: (row) => (row.acceptanceRate === null ? MESSAGES.common.notAvailable : `${row.acceptanceRate}%`),
    },
    { key: 'claimed', title: TEAM_FIGURE_LABELS.claimed, cell: (row) => row.claimedFromPool, figure: 'claimed' },
    { key: 'escalated', title: TEAM_FIGURE_LABELS.escalated, cell: (row) => row.escalated, figure: 'escalated' },
    { key: 'response', title: 'Average Response Time', cell: (row) => formatResponseTime(row.averageResponseTime) },
    { key: 'rating', title: 'Rating', cell: (row) => rating(row.ratingAverage, row.ratingCount) },
    { key: 'dealsWon', title: 'Deals Won', cell: (row) => row.dealsWon, deals: 'won' },
    { key: 'dealsWonValue', title: 'Won Value', cell: (row) => wonValue(row.dealsWonValue), deals: 'won' },
  ];
}

export const officeNameOf = (row: OfficeFigures) => row.office ?? NO_OFFICE;

export const OFFICE_REPORT_COLUMNS: readonly ReportColumn<OfficeFigures>[] = [
  { key: 'rank', title: 'Rank', cell: (_row, index) => index + 1 },
  { key: 'office', title: 'Office', cell: officeNameOf },
  ...teamFigureColumns<OfficeFigures>(),
];

export const MANAGER_REPORT_COLUMNS: readonly ReportColumn<ManagerFigures>[] = [
  { key: 'manager', title: 'Manager', cell: (row) => row.manager.name },
  { key: 'office', title: 'Office', cell: (row) => row.manager.officeName ?? MESSAGES.record.empty },
  ...teamFigureColumns<ManagerFigures>(),
  {
    key: 'escalatedToManager',
    title: TEAM_FIGURE_LABELS.escalatedToManager,
    cell: (row) => row.escalatedToManager,
    figure: 'escalatedToManager',
  },
];

/** Whose assignments a row's figure counts: the member, the office's or team's members, or the manager (escalations to them). */
export function figureAgents(figure: TeamFigure, row: Agent | TeamFigures | ManagerFigures): string[] {
  if ('member' in row) return [row.member._id];
  if (figure === 'escalatedToManager' && 'manager' in row) return [row.manager._id];
  return row.memberIds;
}

/**
 * The export query of the three reports: the screen's range and filters (BrokerStatisticsQuerySchema: test agents
 * left out unless `excludeTestAgents=false`, `department`), and the Brokers screen's office.
 */
export const TeamReportExportQuerySchema = BrokerStatisticsQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  /** Brokers: one office's members only. */
  office: z.string().max(200).optional(),
});
export type TeamReportExportQuery = z.input<typeof TeamReportExportQuerySchema>;

export const TEAM_REPORTS = ['brokers', 'managers', 'offices'] as const;
export type TeamReport = (typeof TEAM_REPORTS)[number];

/** Each report's export, under /api (the screens' own path names). */
export const TEAM_REPORT_EXPORT_PATHS: Record<TeamReport, string> = {
  brokers: 'teams/members/statistics/better-agent/export',
  managers: 'teams/members/statistics/managers/export',
  offices: 'teams/members/statistics/office-war/export',
};
