import { z } from 'zod';
import { SYSTEM_LOG_SOURCES } from '../admin/system-log.contract.js';
import { PATHS } from '../navigation/routes.js';

// The Home page's figures (docs/product.md 'Home') open the list behind them: the Leads report with the `homeFigure`
// filter key (docs/api.md 'Leads'), the lead pool, or Admin > System Logs with its sources and a range. One schema per
// filter, read back by the screen it opens and, for leads, compiled by the server (leads/lead-home-figure-filter.ts).

/** The lead figures of Home, each a condition on the lead's own columns or its assignments. */
export const HOME_LEAD_FIGURES = [
  'awaitingAcceptance',
  'slaBreached',
  'escalated',
  'newLeads',
  'noNextActivity',
  // The Portal Leads report's figures (reports/portal-leads.ts): its enquiries, those answered by a person, claimed
  // from the pool, with a viewing, with a deal.
  'portalEnquiries',
  'portalResponded',
  'portalClaimed',
  'portalViewings',
  'portalDeals',
] as const;
export type HomeLeadFigure = (typeof HOME_LEAD_FIGURES)[number];

export const HOME_LEAD_FIGURE_LABELS: Record<HomeLeadFigure, string> = {
  awaitingAcceptance: 'Awaiting Acceptance',
  slaBreached: 'SLA Breaches',
  escalated: 'Escalations',
  newLeads: 'New Leads',
  noNextActivity: 'No Next Activity',
  portalEnquiries: 'Enquiries',
  portalResponded: 'Answered by a person',
  portalClaimed: 'Claimed from the pool',
  portalViewings: 'With a viewing',
  portalDeals: 'With a deal',
};

/** The Leads report's filter key (and URL param) of a Home figure. */
export const LEAD_HOME_FIGURE_FILTER = 'homeFigure';

/**
 * The leads behind a Home figure: `agents` (absent: the whole asset) are the leads' agents, or for `escalated` the
 * members whose unaccepted assignment lapsed to a manager; `from`..`to` (inclusive) bound the figure's own moment (the
 * initial SLA end, the escalation, the created date); `source` is the new leads' source. For `noNextActivity` (open
 * leads with no task still to do and no viewing scheduled after a moment) `from` is that moment, the server's now when
 * absent. The Portal Leads figures are of the leads created in `from`..`to`, of `source`, `listing` and `contactMethod`.
 */
export const LeadHomeFigureFilterSchema = z.strictObject({
  figure: z.enum(HOME_LEAD_FIGURES),
  agents: z.array(z.uuid()).min(1).max(500).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  source: z.string().min(1).max(200).optional(),
  /** A Portal Leads figure's listing and contact method (the channel). */
  listing: z.uuid().optional(),
  contactMethod: z.string().max(100).optional(),
});
export type LeadHomeFigureFilter = z.infer<typeof LeadHomeFigureFilterSchema>;

/** The Leads report showing the leads behind a Home figure. */
export function leadsOfHomeFigureLink(filter: LeadHomeFigureFilter): string {
  const params = new URLSearchParams({ refresh: '1', [LEAD_HOME_FIGURE_FILTER]: JSON.stringify(filter) });
  return `${PATHS.LEADS_REPORT}?${params.toString()}`;
}

/** Reads a URL param's JSON with a schema: null when absent or when it does not read. */
function figureParam<S extends z.ZodType>(schema: S, raw: string | null): z.infer<S> | null {
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The Home figure of a Leads report URL, or null. */
export function leadHomeFigureOf(params: URLSearchParams): LeadHomeFigureFilter | null {
  return figureParam(LeadHomeFigureFilterSchema, params.get(LEAD_HOME_FIGURE_FILTER));
}

/** The lead pool tab of the agent's view (the pool's own list: the leads the caller may claim). */
export const LEAD_POOL_LINK = `${PATHS.MY_LEADS}?tab=pool`;

/** Admin > System Logs. */
export const SYSTEM_LOGS_PATH = '/admin/system-logs';

/** The System Logs rows behind a Home figure: of these sources, created within `from`..`to` (inclusive). */
export const SystemLogFigureSchema = z.strictObject({
  sources: z.array(z.enum(SYSTEM_LOG_SOURCES)).min(1),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export type SystemLogFigure = z.infer<typeof SystemLogFigureSchema>;

export type SystemLogSource = (typeof SYSTEM_LOG_SOURCES)[number];

/** How a System Logs figure names its rows. */
export const SYSTEM_LOG_FIGURE_LABELS: Record<SystemLogSource, string> = {
  http: 'Failed answers',
  job: 'Failed jobs',
  integration: 'Integration errors',
  event: 'Failed event deliveries',
};

/** The URL param System Logs reads a Home figure from. */
export const SYSTEM_LOG_FIGURE_PARAM = 'figure';

export function systemLogsOfFigureLink(figure: SystemLogFigure): string {
  const params = new URLSearchParams({ refresh: '1', [SYSTEM_LOG_FIGURE_PARAM]: JSON.stringify(figure) });
  return `${SYSTEM_LOGS_PATH}?${params.toString()}`;
}

/** The Home figure of a System Logs URL, or null. */
export function systemLogFigureOf(params: URLSearchParams): SystemLogFigure | null {
  return figureParam(SystemLogFigureSchema, params.get(SYSTEM_LOG_FIGURE_PARAM));
}
