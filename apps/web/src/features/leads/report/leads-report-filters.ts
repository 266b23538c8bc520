import {
  EXCLUDE_TEST_AGENTS_DEFAULT,
  type FieldKeyOf,
  LEAD_ASSIGNMENT_FILTER,
  LEAD_HOME_FIGURE_FILTER,
  type LeadAssignmentFilter,
  LeadAssignmentFilterSchema,
  type LeadHomeFigureFilter,
  LeadHomeFigureFilterSchema,
  type leadContract,
  MARKET,
  type Market,
  MARKETS,
} from '@crm/domain';
import type { FilterSpecOf } from '../../../kit/table/filter-defs';
import type { ExtraFilters } from '../../../kit/table/table-state';

// The Leads report's filters (docs/product.md 'Leads report'): the lead contract's own (status, created date and the
// value filters the kit builds), and the report's own two: Exclude Test Agents (default Yes) and the derived market.

export const LEADS_REPORT_FILTERS: readonly FilterSpecOf<FieldKeyOf<typeof leadContract>>[] = [
  'status',
  { field: 'dataSourceCreatedAt', label: 'Created' },
  { field: 'contactType', label: 'Type' },
  'inputSource',
  'stage',
  'source',
];

export interface LeadsReportOwnFilters {
  excludeTestAgents: boolean;
  markets: Market[];
  /** The leads behind a team report's figure (its click-through), until the reader clears it. */
  assignment?: LeadAssignmentFilter | null;
  /** The leads behind a figure of Home (docs/product.md 'Home'), until the reader clears it. */
  homeFigure?: LeadHomeFigureFilter | null;
  /** Open leads with no task still to do and no viewing ahead, as of the server's now. */
  noNextActivity?: boolean;
}

export const DEFAULT_LEADS_REPORT_OWN_FILTERS: LeadsReportOwnFilters = { excludeTestAgents: EXCLUDE_TEST_AGENTS_DEFAULT, markets: [] };

/**
 * Opened from a figure: exactly its leads, so test agents are not left out (the figure counts every member's
 * assignments, whoever holds the lead now).
 */
export function leadsBehindFilters(assignment: LeadAssignmentFilter): LeadsReportOwnFilters {
  return { excludeTestAgents: false, markets: [], assignment };
}

/** Opened from a Home figure: exactly its leads, test agents' included, as Home counts them. */
export function homeFigureFilters(homeFigure: LeadHomeFigureFilter): LeadsReportOwnFilters {
  return { excludeTestAgents: false, markets: [], homeFigure };
}

const isMarket = (value: unknown): value is Market => MARKETS.some((market) => market === value);

/** Cached own filters read back: null when they no longer read. */
export function parseLeadsReportOwnFilters(value: unknown): LeadsReportOwnFilters | null {
  if (typeof value !== 'object' || value === null) return null;
  const excludeTestAgents: unknown = Reflect.get(value, 'excludeTestAgents');
  const markets: unknown = Reflect.get(value, 'markets');
  if (typeof excludeTestAgents !== 'boolean' || !Array.isArray(markets) || !markets.every(isMarket)) return null;
  const own: LeadsReportOwnFilters = { excludeTestAgents, markets };
  const assignment: unknown = Reflect.get(value, 'assignment');
  if (assignment !== undefined && assignment !== null) {
    const figure = LeadAssignmentFilterSchema.safeParse(assignment);
    if (!figure.success) return null;
    own.assignment = figure.data;
  }
  if (Reflect.get(value, 'noNextActivity') === true) own.noNextActivity = true;
  const homeFigure: unknown = Reflect.get(value, 'homeFigure');
  if (homeFigure !== undefined && homeFigure !== null) {
    const figure = LeadHomeFigureFilterSchema.safeParse(homeFigure);
    if (!figure.success) return null;
    own.homeFigure = figure.data;
  }
  return own;
}

/** The derived market as conditions: Off Plan has a project; Secondary a listing and no project. */
const MARKET_CONDITIONS: Readonly<Record<Market, Record<string, unknown>>> = {
  [MARKET.OFF_PLAN]: { project: { $exists: true } },
  [MARKET.SECONDARY]: { project: { $exists: false }, listing: { $exists: true } },
  [MARKET.GENERAL]: { project: { $exists: false }, listing: { $exists: false } },
};

export function marketCondition(markets: readonly Market[]): Record<string, unknown> | null {
  const unique = [...new Set(markets)];
  if (unique.length === 0 || unique.length === MARKETS.length) return null;
  const conditions = unique.map((m) => MARKET_CONDITIONS[m]);
  return conditions.length === 1 ? (conditions[0] ?? null) : { $or: conditions };
}

/** The own filters' conditions; `testAgentIds` are the asset's test agents (teams/members isTest). */
export function leadsReportOwnConditions(filters: LeadsReportOwnFilters, testAgentIds: readonly string[]): Record<string, unknown>[] {
  const conditions: Record<string, unknown>[] = [];
  // $nin keeps leads with no agent: only a test agent's leads go.
  if (filters.excludeTestAgents && testAgentIds.length) conditions.push({ agent: { $nin: [...testAgentIds] } });
  const market = marketCondition(filters.markets);
  if (market) conditions.push(market);
  if (filters.assignment) conditions.push({ [LEAD_ASSIGNMENT_FILTER]: filters.assignment });
  if (filters.homeFigure) conditions.push({ [LEAD_HOME_FIGURE_FILTER]: filters.homeFigure });
  if (filters.noNextActivity) conditions.push({ [LEAD_HOME_FIGURE_FILTER]: { figure: 'noNextActivity' } });
  return conditions;
}

/** The report's own filters for the kit's list engine. */
export function leadsReportExtraFilters(
  testAgentIds: readonly string[],
  behind: LeadAssignmentFilter | null = null,
  homeFigure: LeadHomeFigureFilter | null = null,
): ExtraFilters<LeadsReportOwnFilters> {
  const initial = behind ? leadsBehindFilters(behind) : homeFigure ? homeFigureFilters(homeFigure) : DEFAULT_LEADS_REPORT_OWN_FILTERS;
  return {
    initial,
    parse: parseLeadsReportOwnFilters,
    conditions: (filters) => leadsReportOwnConditions(filters, testAgentIds),
  };
}
