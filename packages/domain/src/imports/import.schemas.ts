import { z } from 'zod';
import { LIMITS } from '../constants/limits.constants.js';

// Importing listings, projects and team members from a CSV or XLSX file: the kinds, the answers of each step
// (headers and a suggested mapping, the dry run's report, the background run's progress) and the messages.

export const IMPORT_KINDS = ['listings', 'projects', 'members'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_LIMITS = {
  /** The uploaded file, as any other upload. */
  MAX_BYTES: LIMITS.MAX_UPLOAD_BYTES,
  /** Rows of one file (a 10 MB CSV of listings holds about 40,000). */
  MAX_ROWS: 50_000,
  /** Bad rows a report or a run lists one by one (the counts go on). */
  MAX_REPORTED_ERRORS: 500,
} as const;

/** JobRun.kind of an import run. */
export const IMPORT_JOB_KIND = 'resource-import';

export const IMPORT_MESSAGES = {
  fileMissing: 'Choose a CSV or XLSX file to import.',
  fileType: 'The file must be a CSV or XLSX spreadsheet.',
  fileTooLarge: `The file must be at most ${LIMITS.MAX_UPLOAD_BYTES / (1024 * 1024)} MB.`,
  fileEmpty: 'The file has no rows to import.',
  fileUnreadable: 'The file could not be read as a spreadsheet.',
  tooManyRows: (max: number) => `The file has more than ${max} rows: split it into smaller files.`,
  mappingInvalid: 'The column mapping is invalid.',
  mappingUnknownField: (field: string) => `'${field}' is not a column this import can fill.`,
  mappingTwice: (label: string) => `${label} is mapped from more than one column.`,
  keyNotMapped: (label: string) => `Map a column to ${label}: it identifies each row.`,
  notANumber: (label: string) => `${label} must be a number.`,
  notAWholeNumber: (label: string) => `${label} must be a whole number.`,
  notAYesNo: (label: string) => `${label} must be Yes or No.`,
  notADate: (label: string) => `${label} must be a date (YYYY-MM-DD).`,
  duplicateInFile: (label: string, row: number) => `${label} is repeated: row ${row} has it too.`,
  duplicateInAsset: (label: string) => `More than one record of this asset has this ${label}.`,
  /** A reference named in the file (a project's developer) that the asset has none of, or more than one of. */
  noRecordNamed: (label: string, name: string) => `No ${label.toLowerCase()} of this asset is named '${name}'.`,
  manyRecordsNamed: (label: string, name: string) => `More than one ${label.toLowerCase()} of this asset is named '${name}'.`,
  phoneInvalid: 'The phone number is not valid for its code.',
  phoneCodeMissing: 'A phone number needs its phone code.',
  jobNotFound: 'Import not found.',
  failed: 'The import failed, please try again.',
  queued: 'The import has started.',
} as const;

/** A column an import can fill: a field of the kind's contract. */
export const ImportColumnSchema = z.object({
  field: z.string(),
  label: z.string(),
  /** Identifies a row: a rerun updates the record that has it. */
  key: z.boolean(),
  required: z.boolean(),
  /** How a cell is read: text, a number, Yes/No, a date, or a list separated by commas (of text or whole numbers). */
  kind: z.enum(['text', 'choice', 'number', 'integer', 'boolean', 'date', 'list', 'numbers']),
  /** The allowed values of a choice (or of a list's items). */
  values: z.array(z.string()).nullable(),
});
export type ImportColumn = z.infer<typeof ImportColumnSchema>;

/** header -> field (null: the column is not imported). */
export const ImportMappingSchema = z.record(z.string().max(200), z.string().max(100).nullable());
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/** Step 1: what the file holds and a suggested mapping (headers matched to labels or fields, ignoring case). */
export const ImportPreviewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  headers: z.array(z.string()),
  mapping: ImportMappingSchema,
  rows: z.number().int(),
  columns: z.array(ImportColumnSchema),
  /** The first rows as read, for the mapping screen. */
  sample: z.array(z.array(z.string())),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** A bad row: its row number in the file (the header is row 1), the field and the message. */
export const ImportRowErrorSchema = z.object({ row: z.number().int(), field: z.string().nullable(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

/** The dry run: what a run would do; nothing is stored. */
export const ImportDryRunSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Of the valid rows, how many would create a record and how many update one (same key). */
  creates: z.number().int(),
  updates: z.number().int(),
  errors: z.array(ImportRowErrorSchema),
});
export type ImportDryRun = z.infer<typeof ImportDryRunSchema>;

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** A background run, as its status call answers it. */
export const ImportJobSchema = z.object({
  _id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_JOB_STATUSES),
  fileName: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  errors: z.array(ImportRowErrorSchema),
  /** Why a whole run failed (never a row's reason). */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

/** The multipart text field that carries the mapping (JSON) beside the file. */
export const IMPORT_MAPPING_FIELD = 'mapping';

export const ImportTemplateQuerySchema = z.object({
  format: z.enum(IMPORT_FORMATS, { error: 'Format must be csv or xlsx.' }).default('csv'),
});
