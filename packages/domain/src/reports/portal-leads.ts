import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { type LeadHomeFigureFilter, leadsOfHomeFigureLink } from '../home/home-figure-links.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import type { ReportColumn } from '../teams/team-report-figures.js';
import { formatResponseTime } from '../time/response-time.js';

// The Portal Leads report (docs/product.md 'Portal Leads'): the asset's leads of a date range by portal (the lead's
// source: Property Finder, Bayut, dubizzle, the partners, the website's forms), by listing or by channel (the contact
// method), with how fast a person first answered them, how many the pool's claimers took, and how many went on to a
// viewing and a deal. Each count opens the leads behind it in the Leads report.

export const PORTAL_LEADS_GROUPINGS = ['portal', 'listing', 'channel'] as const;
export type PortalLeadsGrouping = (typeof PORTAL_LEADS_GROUPINGS)[number];
export const PORTAL_LEADS_GROUPING_LABELS: Record<PortalLeadsGrouping, string> = {
  portal: 'By portal',
  listing: 'By listing',
  channel: 'By channel',
};

/** A first answer by a person: a call, email or WhatsApp logged as done by a user, or a WhatsApp a user sent. */
export const HUMAN_TOUCH_ACTIVITY_TYPES = ['call', 'email', 'whatsapp'] as const;

/** A range bound the database can hold and a person means: an instant of the years 1900 to 9999. */
const bound = z.iso.datetime({ offset: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1900 && year <= 9999;
}, 'A date of the years 1900 to 9999.');

export const PortalLeadsQuerySchema = z.strictObject({
  by: z.enum(PORTAL_LEADS_GROUPINGS).default('portal'),
  from: bound,
  to: bound,
});
export type PortalLeadsQuery = z.infer<typeof PortalLeadsQuerySchema>;

export const PortalLeadsRowSchema = z.object({
  /** The source, the listing's id or the contact method ('' for leads with none). */
  key: z.string(),
  label: z.string(),
  enquiries: z.number().int(),
  /** The same customer's enquiries of one day (several listings or portals) count once. */
  people: z.number().int(),
  responded: z.number().int(),
  /** From the portal's receipt (the lead's creation where the portal gave none) to the first human touch. */
  firstResponseMedianSeconds: z.number().nullable(),
  firstResponseP90Seconds: z.number().nullable(),
  claimedFromPool: z.number().int(),
  viewings: z.number().int(),
  deals: z.number().int(),
});
export type PortalLeadsRow = z.infer<typeof PortalLeadsRowSchema>;

export const PortalLeadsSchema = z.object({
  by: z.enum(PORTAL_LEADS_GROUPINGS),
  from: z.string(),
  to: z.string(),
  rows: z.array(PortalLeadsRowSchema),
  total: PortalLeadsRowSchema,
});
export type PortalLeads = z.infer<typeof PortalLeadsSchema>;

/** The figures of a row that open their leads, and the Leads report figure each opens. */
export const PORTAL_LEADS_FIGURES = {
  enquiries: 'portalEnquiries',
  responded: 'portalResponded',
  claimedFromPool: 'portalClaimed',
  viewings: 'portalViewings',
  deals: 'portalDeals',
} as const satisfies Partial<Record<keyof PortalLeadsRow, LeadHomeFigureFilter['figure']>>;

/** The Leads report with the leads behind one figure of one row (the total row: every group). */
export function portalLeadsFigureLink(
  report: Pick<PortalLeads, 'by' | 'from' | 'to'>,
  row: Pick<PortalLeadsRow, 'key'> | null,
  figure: keyof typeof PORTAL_LEADS_FIGURES,
): string {
  const group =
    row === null
      ? {}
      : report.by === 'portal'
        ? { source: row.key }
        : report.by === 'listing'
          ? { listing: row.key }
          : { contactMethod: row.key };
  return leadsOfHomeFigureLink({ figure: PORTAL_LEADS_FIGURES[figure], from: report.from, to: report.to, ...group });
}

/** A part of a whole as the screen and the export show it: '25%', '-' of nothing. */
export const shareOf = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '-');
const duration = (seconds: number | null) => (seconds === null ? '-' : formatResponseTime(seconds / 60));

/** The report's columns, in order, for the screen's table and its export. */
export function portalLeadsColumns(by: PortalLeadsGrouping): readonly ReportColumn<PortalLeadsRow>[] {
  const group = { portal: 'Portal', listing: 'Listing', channel: 'Channel' }[by];
  return [
    { key: 'label', title: group, cell: (row) => row.label },
    { key: 'enquiries', title: 'Enquiries', cell: (row) => row.enquiries },
    { key: 'people', title: 'People', cell: (row) => row.people },
    { key: 'median', title: 'First response (median)', cell: (row) => duration(row.firstResponseMedianSeconds) },
    { key: 'p90', title: 'First response (p90)', cell: (row) => duration(row.firstResponseP90Seconds) },
    { key: 'responded', title: 'Answered', cell: (row) => row.responded },
    { key: 'claimedFromPool', title: 'Claimed from pool', cell: (row) => row.claimedFromPool },
    { key: 'claimedShare', title: 'Claimed share', cell: (row) => shareOf(row.claimedFromPool, row.enquiries) },
    { key: 'viewings', title: 'With a viewing', cell: (row) => row.viewings },
    { key: 'deals', title: 'With a deal', cell: (row) => row.deals },
    { key: 'conversion', title: 'Lead to deal', cell: (row) => shareOf(row.deals, row.enquiries) },
  ];
}

/** GET reports/portal-leads/export: the screen's rows and total as CSV or XLSX. */
export const PORTAL_LEADS_EXPORT_PATH = 'reports/portal-leads/export';
export const PortalLeadsExportQuerySchema = PortalLeadsQuerySchema.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

const portalLeads = defineCall({
  operationId: 'reports.portalLeads',
  summary: 'Portal Leads: enquiries, people, first response (median, p90), pool claims, viewings and deals by portal, listing or channel',
  tag: 'reports',
  scope: 'asset',
  access: [P.PORTAL_LEADS_REPORT_VIEW],
  errors: ['VALIDATION_ERROR'],
  kind: 'query',
  input: PortalLeadsQuerySchema,
  output: PortalLeadsSchema,
  rest: { method: 'GET', path: '/api/reports/portal-leads', envelope: 'data' },
});

export const reportCalls = defineCalls('reports', { portalLeads });
