import {
  datePresetRange,
  EXCLUDE_TEST_AGENTS_DEFAULT,
  isDatePreset,
  LEAD_STATUSES,
  MARKET,
  MARKETS,
  wallTimeToInstant,
  type DatePreset,
  type DateRange,
  type LeadStatus,
  type Market,
} from '@crm/domain';

// The Leads report's filters (docs/product.md 'Leads report'), as the list engine's filter state and as the generic list's `query`
// (docs/api.md 'The list filter': only the lead resource's fields and the Mongo-style operators).

/** A preset is re-evaluated at every request (so 'Today' stays today); a custom range is whole days. */
export type LeadsDateFilter = { preset: DatePreset } | { from: string; to: string };

/** The value filters fed by the server's distinct values. */
export const DISTINCT_FILTERS = [
  { key: 'contactTypes', field: 'contactType', label: 'Type' },
  { key: 'inputSources', field: 'inputSource', label: 'Input Source' },
  { key: 'stages', field: 'stage', label: 'Stage' },
  { key: 'sources', field: 'source', label: 'Source' },
] as const;
export type DistinctFilterKey = (typeof DISTINCT_FILTERS)[number]['key'];
export type DistinctFilterField = (typeof DISTINCT_FILTERS)[number]['field'];

export interface LeadsReportFilters extends Record<DistinctFilterKey, string[]> {
  excludeTestAgents: boolean;
  markets: Market[];
  statuses: LeadStatus[];
  date: LeadsDateFilter | null;
}

export const DEFAULT_LEADS_REPORT_FILTERS: LeadsReportFilters = {
  excludeTestAgents: EXCLUDE_TEST_AGENTS_DEFAULT,
  markets: [],
  statuses: [],
  date: null,
  contactTypes: [],
  inputSources: [],
  stages: [],
  sources: [],
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function stringsOf(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v): v is string => typeof v === 'string') ? value : null;
}

function dateFilterOf(value: unknown): LeadsDateFilter | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (isDatePreset(v.preset)) return { preset: v.preset };
  if (typeof v.from === 'string' && typeof v.to === 'string' && DAY.test(v.from) && DAY.test(v.to)) return { from: v.from, to: v.to };
  return undefined;
}

/** Cached filters read back (the list engine's parseFilters): null when any part no longer reads. */
export function parseLeadsReportFilters(value: unknown): LeadsReportFilters | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const markets = stringsOf(v.markets);
  const statuses = stringsOf(v.statuses);
  const date = dateFilterOf(v.date);
  if (typeof v.excludeTestAgents !== 'boolean' || !markets || !statuses || date === undefined) return null;
  if (
    !markets.every((m) => (MARKETS as readonly string[]).includes(m)) ||
    !statuses.every((s) => (LEAD_STATUSES as readonly string[]).includes(s))
  )
    return null;
  const filters: LeadsReportFilters = {
    ...DEFAULT_LEADS_REPORT_FILTERS,
    excludeTestAgents: v.excludeTestAgents,
    markets: markets as Market[],
    statuses: statuses as LeadStatus[],
    date,
  };
  for (const { key } of DISTINCT_FILTERS) {
    const values = stringsOf(v[key]);
    if (!values) return null;
    filters[key] = values;
  }
  return filters;
}

/** The day after a 'YYYY-MM-DD' day (calendar arithmetic, no zone involved). */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1));
  return date.toISOString().slice(0, 10);
}

/** A custom range of whole days in the user's zone: start of the first day to the last millisecond of the last. */
export function customDayRange(from: string, to: string, timeZone?: string | null): DateRange | null {
  const [first, last] = from <= to ? [from, to] : [to, from];
  const start = wallTimeToInstant(`${first} 00:00:00`, timeZone);
  const after = wallTimeToInstant(`${nextDay(last)} 00:00:00`, timeZone);
  if (!start || !after) return null;
  return { from: start.toISOString(), to: new Date(after.getTime() - 1).toISOString() };
}

export function dateFilterRange(date: LeadsDateFilter, now: Date, timeZone?: string | null): DateRange | null {
  return 'preset' in date ? datePresetRange(date.preset, now, timeZone) : customDayRange(date.from, date.to, timeZone);
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

export interface LeadsQueryContext {
  /** Agents marked isTest in the asset (teams/members). */
  testAgentIds: readonly string[];
  now: Date;
  timeZone?: string | null;
}

/** The list call's `query` for the filters. */
export function leadsReportQuery(filters: LeadsReportFilters, context: LeadsQueryContext): Record<string, unknown> {
  const and: Record<string, unknown>[] = [];
  // $nin keeps leads with no agent: only a test agent's leads go.
  if (filters.excludeTestAgents && context.testAgentIds.length) and.push({ agent: { $nin: [...context.testAgentIds] } });
  const market = marketCondition(filters.markets);
  if (market) and.push(market);
  if (filters.statuses.length) and.push({ status: { $in: filters.statuses } });
  const range = filters.date ? dateFilterRange(filters.date, context.now, context.timeZone) : null;
  if (range) and.push({ dataSourceCreatedAt: { $gte: range.from, $lte: range.to } });
  for (const { key, field } of DISTINCT_FILTERS) {
    if (filters[key].length) and.push({ [field]: { $in: filters[key] } });
  }
  if (and.length === 0) return {};
  return and.length === 1 ? (and[0] ?? {}) : { $and: and };
}

/** Whether any filter differs from the defaults (to offer a reset). */
export function hasActiveFilters(filters: LeadsReportFilters): boolean {
  return JSON.stringify(filters) !== JSON.stringify(DEFAULT_LEADS_REPORT_FILTERS);
}
