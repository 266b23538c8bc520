import { z } from 'zod';
import { LIST_FILTER_LIMITS } from '../list/list-filter.schema.js';
import { UUID_PATTERN } from '../validation/zod-helpers.js';
import { LeadJobRunSchema } from './lead-calls.schemas.js';
import { leadContract } from './lead.contract.js';

// The Leads report's exports (issue 3): `GET properties/leads/export` streams a range as CSV or XLSX; an export
// job writes a whole filtered report into storage in chunks, with its progress visible, for download later.

/** The report's Created At cell ('Jan 5, 2026, 3:07 PM' in the viewer's zone), also in exports. */
export const LEADS_REPORT_DATE_FORMAT = 'MMM D, YYYY, h:mm A';

export const LEAD_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type LeadExportFormat = (typeof LEAD_EXPORT_FORMATS)[number];

/** JobRun.kind of an export job. */
export const LEAD_EXPORT_JOB_KIND = 'lead-export';

export const LEAD_EXPORT_MESSAGES = {
  /** A job's last attempt failed (the log has the cause; the caller never sees internals). */
  failed: 'The export failed, please try again.',
  notFinished: 'The export is not finished yet.',
} as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const instant = (label: string) =>
  z.preprocess(blankToUndefined, z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601).` }).optional());
const format = z.preprocess(blankToUndefined, z.enum(LEAD_EXPORT_FORMATS, { error: 'Format must be csv or xlsx.' }).default('csv'));
const rangeInOrder = (value: { from?: string | undefined; to?: string | undefined }) =>
  !value.from || !value.to || Date.parse(value.from) <= Date.parse(value.to);
const RANGE_ORDER = { error: 'From must not be after To.', path: ['from'] };

/** GET export: the list's `filter` (JSON text), the format, and an optional range of the created date. */
export const LeadExportQuerySchema = z
  .object({
    filter: z
      .string()
      .max(LIST_FILTER_LIMITS.MAX_JSON_LENGTH)
      .optional()
      .describe('ListFilter as JSON, as the list takes it (query, sort, skip/limit range)'),
    asset: z.preprocess(blankToUndefined, z.string().regex(UUID_PATTERN, { error: 'Asset is invalid.' }).optional()),
    format,
    from: instant('From').describe('Leads created at or after this instant'),
    to: instant('To').describe('Leads created at or before this instant'),
  })
  .refine(rangeInOrder, RANGE_ORDER);
export type LeadExportQuery = z.infer<typeof LeadExportQuerySchema>;

/** POST export-jobs (and tRPC `leads.exportJobCreate`): the whole filtered report, in the background. */
export const LeadExportJobInputSchema = z
  .strictObject({
    /** The leads' typed list filter, or its JSON (only `query` and `sort` are used: the job exports every match). */
    filter: z.union([leadContract.listFilter, z.string().max(LIST_FILTER_LIMITS.MAX_JSON_LENGTH)]).optional(),
    format,
    from: instant('From'),
    to: instant('To'),
    asset: z.preprocess(blankToUndefined, z.string().regex(UUID_PATTERN, { error: 'Asset is invalid.' }).optional()),
  })
  .refine(rangeInOrder, RANGE_ORDER);
export type LeadExportJobInput = z.input<typeof LeadExportJobInputSchema>;

/** An export job: the run (progress 0-100, total rows) and, once completed, its file. */
export const LeadExportJobSchema = LeadJobRunSchema.extend({
  format: z.enum(LEAD_EXPORT_FORMATS),
  fileName: z.string().nullable(),
  /** The download path (bearer token of the job's asset), once completed. */
  url: z.string().nullable(),
});
export type LeadExportJob = z.infer<typeof LeadExportJobSchema>;

export const LeadExportJobIdInputSchema = z.strictObject({ id: z.string().min(1) });
