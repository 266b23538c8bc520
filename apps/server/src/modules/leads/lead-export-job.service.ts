import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  LEAD_ENGINE_MESSAGES,
  LEAD_EXPORT_JOBS_PER_USER,
  LEAD_EXPORT_FORMATS,
  LEAD_EXPORT_JOB_KIND,
  LEAD_EXPORT_MESSAGES,
  LEAD_JOB_STATUS,
  ListFilterSchema,
  MESSAGES,
  UUID_PATTERN,
  type LeadExportFormat,
  type LeadExportJob,
  type LeadExportJobInputSchema,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/app-error.js';
import type { JobRun, Prisma } from '../../generated/prisma/client.js';
import { parseListFilter } from '../../resources/query-plan.js';
import { authorize, type Access } from '../../resources/resource-access.js';
import { delegateOf } from '../../resources/resource-delegate.js';
import { assertXlsxFits, CONTENT_TYPES, exportFileName, type Cells } from '../../resources/resource-export.js';
import { storageBackendFor, openStoredFile, type ServedFile } from '../storage/index.js';
import { leadAssetOf } from './lead-context.js';
import {
  countLeadExport,
  LEAD_EXPORT_FILE_PREFIX,
  leadCsvCopy,
  leadExportBatches,
  leadExportStream,
  planLeadExport,
  type LeadExportPlan,
} from './lead-export.service.js';
import { leadExportJob } from './lead-export.job.js';
import { toJobRunRecord } from './lead-sync.service.js';
import { leadResource } from './lead.resource.js';
import { lockRows } from '../../resources/unit-of-work.js';

// A background export of a whole filtered Leads report (issue 3): POST export-jobs queues it (202, a JobRun the
// caller watches), the job writes the file in keyset chunks of 5,000 rows straight into storage (memory stays
// flat however many rows), updating the run's progress (0-100) and total (rows) as it goes, and the finished
// file becomes a hidden StoredFile of the asset, served by GET export-jobs/{id}/download.
//
// Safe to run twice (BullMQ delivers at least once): a finished run is left alone; two runs at once each write
// their own storage key, and the first to finish (under the run's row lock) keeps its file, the other removes its own.

export type LeadExportDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'env' | 'jobs'> & Partial<Pick<AppDeps, 'redis'>>;

/**
 * One XLSX file of a job holds at most this many rows (the writer's memory is flat, but a bigger sheet is slow
 * to open in a spreadsheet app). Larger reports export as CSV.
 */
export const LEAD_EXPORT_JOB_XLSX_MAX_ROWS = 100_000;
export const LEAD_EXPORT_FILE_CATEGORY = 'lead-export';

const downloadPath = (id: string) => `/api/properties/leads/export-jobs/${id}/download`;

/** What the run remembers of the request: the job re-plans from it (the caller's zone, what they may filter on). */
const ParamsSchema = z.object({
  /** The list's query, sort and column choice (the whole report: never a page). */
  filter: ListFilterSchema.pick({ query: true, sort: true, select: true }),
  format: z.enum(LEAD_EXPORT_FORMATS),
  from: z.string().optional(),
  to: z.string().optional(),
  timeZone: z.string(),
  sensitive: z.boolean(),
});
type ExportParams = z.infer<typeof ParamsSchema>;

const ResultSchema = z.object({ fileId: z.string(), fileName: z.string(), rows: z.number(), bytes: z.number() });

function paramsOf(run: JobRun): ExportParams {
  return ParamsSchema.parse(run.params);
}

export function toLeadExportJob(run: JobRun): LeadExportJob {
  const params = ParamsSchema.safeParse(run.params);
  const result = ResultSchema.safeParse(run.result);
  const done = run.status === LEAD_JOB_STATUS.COMPLETED && result.success;
  return {
    ...toJobRunRecord(run),
    format: params.success ? params.data.format : 'csv',
    fileName: result.success ? result.data.fileName : null,
    url: done ? downloadPath(run.id) : null,
  };
}

/** The caller's access in the asset a job works in (another of their assets when they name one). */
function accessIn(deps: Pick<AppDeps, 'log'>, actor: Actor, asset: string | undefined): Access {
  const assetId = leadAssetOf(actor, asset);
  const scoped = assetId === actor.assetId ? actor : { ...actor, assetId };
  return authorize(leadResource, { deps, actor: scoped }, 'read');
}

/** POST export-jobs: validates the filter now (a bad one is a 400 here, not a failed job), then queues. */
export async function createLeadExportJob(
  deps: LeadExportDeps,
  actor: Actor,
  input: z.output<typeof LeadExportJobInputSchema>,
  timeZone: string,
): Promise<LeadExportJob> {
  const access = accessIn(deps, actor, input.asset);
  const parsed = parseListFilter(input.filter);
  // The whole report: the list's query, sort and columns, never its page.
  const filter = {
    ...(parsed.query ? { query: parsed.query } : {}),
    ...(parsed.sort ? { sort: parsed.sort } : {}),
    ...(parsed.select?.length ? { select: parsed.select } : {}),
  };
  const plan = await planLeadExport(deps.db, access, filter, input);
  if (input.format === 'xlsx') await assertXlsxFits(delegateOf(deps.db, 'lead'), plan.where, plan.range, LEAD_EXPORT_JOB_XLSX_MAX_ROWS);
  const params: ExportParams = {
    filter,
    format: input.format,
    ...(input.from ? { from: input.from } : {}),
    ...(input.to ? { to: input.to } : {}),
    timeZone,
    sensitive: access.sensitive,
  };
  const run = await deps.db.$transaction(async (tx) => {
    // A fair share of the export workers: each user has at most a few exports waiting or running, so one user's
    // dozen exports cannot hold everyone else's behind them. Serialised per user, so two at once cannot both pass.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`lead-export:${actor.userId}`}))`;
    const open = await tx.jobRun.count({
      where: { userId: actor.userId, kind: LEAD_EXPORT_JOB_KIND, status: { in: [LEAD_JOB_STATUS.QUEUED, LEAD_JOB_STATUS.RUNNING] } },
    });
    if (open >= LEAD_EXPORT_JOBS_PER_USER) {
      throw new AppError('RATE_LIMITED', LEAD_ENGINE_MESSAGES.tooManyExports(LEAD_EXPORT_JOBS_PER_USER), undefined, {
        'retry-after': '10',
      });
    }
    return tx.jobRun.create({
      data: {
        companyId: actor.companyId,
        assetId: plan.assetId,
        userId: actor.userId,
        kind: LEAD_EXPORT_JOB_KIND,
        status: LEAD_JOB_STATUS.QUEUED,
        progress: 0,
        params: params as Prisma.InputJsonObject,
      },
    });
  });
  try {
    await deps.jobs.enqueue(leadExportJob, { jobRunId: run.id }, { jobId: `lead-export-${run.id}` });
  } catch (error) {
    await deps.db.jobRun.update({
      where: { id: run.id },
      data: { status: LEAD_JOB_STATUS.FAILED, error: LEAD_ENGINE_MESSAGES.queueUnavailable, finishedAt: deps.clock.now() },
    });
    throw error;
  }
  return toLeadExportJob(run);
}

async function findExportRun(deps: Pick<AppDeps, 'db'>, assetId: string, id: string): Promise<JobRun> {
  const run = UUID_PATTERN.test(id) ? await deps.db.jobRun.findFirst({ where: { id, assetId, kind: LEAD_EXPORT_JOB_KIND } }) : null;
  if (!run) throw AppError.notFound(LEAD_ENGINE_MESSAGES.jobNotFound);
  return run;
}

/** GET export-jobs/{id}: a run of the asset (another asset's answers 404, like a missing one). */
export async function getLeadExportJob(
  deps: Pick<AppDeps, 'db' | 'log'>,
  actor: Actor,
  id: string,
  asset?: string,
): Promise<LeadExportJob> {
  const access = accessIn(deps, actor, asset);
  return toLeadExportJob(await findExportRun(deps, access.assetId ?? '', id));
}

/** GET export-jobs/{id}/download: the finished file, to a caller of the job's asset. */
export async function openLeadExportFile(
  deps: Pick<AppDeps, 'db' | 'log' | 'env' | 'clock'>,
  actor: Actor,
  id: string,
  asset?: string,
): Promise<ServedFile> {
  const access = accessIn(deps, actor, asset);
  const run = await findExportRun(deps, access.assetId ?? '', id);
  const result = ResultSchema.safeParse(run.result);
  if (run.status !== LEAD_JOB_STATUS.COMPLETED || !result.success) throw AppError.conflict(LEAD_EXPORT_MESSAGES.notFinished);
  return openStoredFile(deps, result.data.fileId, { actor: async () => access.actor });
}

/** The job's stand-in for the caller: the run's user in the run's asset, with what they could filter on. */
function jobAccess(run: JobRun, sensitive: boolean): Access {
  const actor: Actor = {
    userId: run.userId ?? '',
    sessionId: `job:${run.id}`,
    companyId: run.companyId,
    email: '',
    fullName: MESSAGES.common.system,
    roleCode: '',
    permissions: [],
    isRootUser: false,
    assetId: run.assetId,
    assetIds: [run.assetId],
  };
  return { actor, assetId: run.assetId, sensitive };
}

export interface ExportAttempt {
  /** This delivery (1-based) and how many there may be: the last failed one marks the run failed. */
  attempt: number;
  attempts: number;
  signal?: AbortSignal | undefined;
}

async function writeFile(
  deps: LeadExportDeps,
  run: JobRun,
  params: ExportParams,
  plan: LeadExportPlan,
  total: number,
  signal?: AbortSignal,
) {
  const format: LeadExportFormat = params.format;
  const key = `${run.assetId}/exports/${run.id}-${randomBytes(4).toString('hex')}.${format}`;
  let rows = 0;
  let reported = 0;
  const now = deps.clock.now();
  /** After each written batch: the rows so far, the progress, a stop on shutdown. */
  async function progressed(count: number) {
    rows += count;
    // Never 100 before the file is stored; one update per chunk at most.
    const percent = total > 0 ? Math.min(99, Math.floor((rows * 100) / total)) : 99;
    if (percent !== reported) {
      reported = percent;
      // Only while running: a twin delivery that already finished keeps its 100.
      await deps.db.jobRun.updateMany({ where: { id: run.id, status: LEAD_JOB_STATUS.RUNNING }, data: { progress: percent } });
    }
    if (signal?.aborted) throw new Error('export aborted by shutdown');
  }
  async function* tracked(): AsyncGenerator<Cells[]> {
    for await (const cells of leadExportBatches(deps.db, plan, { now })) {
      if (signal?.aborted) throw new Error('export aborted by shutdown');
      yield cells;
      await progressed(cells.length);
    }
  }
  let failure: unknown;
  const onError = (error: unknown) => (failure = error);
  const copied =
    format === 'csv' ? await leadCsvCopy(deps.db, plan, { now, timeZone: params.timeZone, onError, onBatch: progressed }) : null;
  const stream = copied && copied !== 'empty' ? copied : leadExportStream(format, plan.headers, tracked(), onError, params.timeZone);
  const bytes = await storageBackendFor(deps.env).putStream(key, stream, CONTENT_TYPES[format]);
  if (failure) throw failure;
  return { key, rows, bytes };
}

/**
 * The job's work for one run. Returns what it did; throws to let BullMQ retry (the last attempt marks the run
 * failed with a message that names no internals).
 */
export async function runLeadExportJob(
  deps: LeadExportDeps,
  jobRunId: string,
  attempt: ExportAttempt,
): Promise<{ skipped?: true; rows?: number }> {
  const run = await deps.db.jobRun.findUnique({ where: { id: jobRunId } });
  if (!run || run.kind !== LEAD_EXPORT_JOB_KIND || run.status === LEAD_JOB_STATUS.COMPLETED || run.status === LEAD_JOB_STATUS.FAILED)
    return { skipped: true };
  try {
    const params = paramsOf(run);
    const plan = await planLeadExport(deps.db, jobAccess(run, params.sensitive), params.filter, params);
    const total = await countLeadExport(deps.db, plan);
    const started = await deps.db.jobRun.updateMany({
      where: { id: run.id, status: { in: [LEAD_JOB_STATUS.QUEUED, LEAD_JOB_STATUS.RUNNING] } },
      data: { status: LEAD_JOB_STATUS.RUNNING, error: null, progress: 0, total },
    });
    // Finished meanwhile by another delivery.
    if (started.count === 0) return { skipped: true };
    if (total === 0) {
      await deps.db.jobRun.updateMany({
        where: { id: run.id, status: { not: LEAD_JOB_STATUS.COMPLETED } },
        data: { status: LEAD_JOB_STATUS.FAILED, error: MESSAGES.common.dataEmpty, finishedAt: deps.clock.now() },
      });
      return { rows: 0 };
    }
    const file = await writeFile(deps, run, params, plan, total, attempt.signal);
    const fileName = exportFileName(LEAD_EXPORT_FILE_PREFIX, run.createdAt, params.format);
    const kept = await deps.db.$transaction(async (tx) => {
      // The run's row lock decides between two deliveries finishing at once: the first keeps its file.
      await lockRows(tx, 'JobRun', [run.id]);
      const current = await tx.jobRun.findUnique({ where: { id: run.id }, select: { status: true } });
      if (!current || current.status === LEAD_JOB_STATUS.COMPLETED) return false;
      const stored = await tx.storedFile.create({
        data: {
          companyId: run.companyId,
          assetId: run.assetId,
          name: fileName,
          category: LEAD_EXPORT_FILE_CATEGORY,
          type: 'other',
          mimeType: CONTENT_TYPES[params.format],
          size: file.bytes,
          storageKey: file.key,
          url: downloadPath(run.id),
          ext: params.format,
          // Not a media-library item: it is reached through its export job.
          isHidden: true,
          creatorId: run.userId,
          updatedById: run.userId,
        },
      });
      await tx.jobRun.update({
        where: { id: run.id },
        data: {
          status: LEAD_JOB_STATUS.COMPLETED,
          progress: 100,
          total: file.rows,
          result: { fileId: stored.id, fileName, rows: file.rows, bytes: file.bytes },
          error: null,
          finishedAt: deps.clock.now(),
        },
      });
      return true;
    });
    if (!kept) {
      await storageBackendFor(deps.env).remove(file.key);
      return { skipped: true };
    }
    return { rows: file.rows };
  } catch (error) {
    deps.log.error({ err: error, jobRunId, attempt: attempt.attempt }, 'lead export failed');
    if (attempt.attempt >= attempt.attempts) {
      await deps.db.jobRun.updateMany({
        where: { id: jobRunId, status: { not: LEAD_JOB_STATUS.COMPLETED } },
        data: { status: LEAD_JOB_STATUS.FAILED, error: LEAD_EXPORT_MESSAGES.failed, finishedAt: deps.clock.now() },
      });
    }
    throw error;
  }
}
