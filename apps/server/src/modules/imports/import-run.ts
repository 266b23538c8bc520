import { IMPORT_JOB_KIND, IMPORT_LIMITS, IMPORT_MESSAGES, LEAD_JOB_STATUS, MESSAGES, type ImportRowError } from '@crm/domain';
import type { Readable } from 'node:stream';
import { AppError } from '../../core/app-error.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { authorize } from '../../resources/resource-access.js';
import { recordImporter } from '../../resources/resource-import.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import { storageBackendFor } from '../storage/index.js';
import { readImportFile } from './import-file.js';
import { planImport, type PlannedRow } from './import-plan.js';
import { EMPTY_RESULT, ImportParamsSchema, type ImportParams, type ImportResult } from './import-record.js';
import type { ImportDeps } from './import.service.js';
import { IMPORT_TARGETS } from './import-targets.js';

// The background run of an import: the stored file read again, every row checked as the dry run checks it, then the
// good rows written through the engine's write path (recordImporter: hooks, reference checks, activity log, each row
// committed or refused as a whole) by a few writers, each taking the next rows as soon as its last ones are done. A
// bad row is counted with its reasons and never stops the others. Progress (processed of total, created, updated,
// failed) is saved on the run at most every PROGRESS_EVERY_MS, with the side work of the rows written since (the
// importer's flush: cached totals, portal syncs).

/** Writers at once, each a transaction on its own connection (of the pool's 10, shared with the API). */
const WRITERS = 4;
/** Rows a writer takes at a time: one transaction for them, unless one is refused. */
const ROWS_PER_WRITE = 25;
const PROGRESS_EVERY_MS = 500;

export interface ImportAttempt {
  attempt: number;
  attempts: number;
  signal?: AbortSignal | undefined;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * A refused row's reasons, from the error the write path threw: its fields' messages (a 400's, or a 403 naming the
 * field, as a member's login out of the caller's reach), else its message.
 */
function reasonsOf(row: number, error: unknown): ImportRowError[] {
  if (!(error instanceof AppError)) return [{ row, field: null, message: MESSAGES.common.somethingWentWrong }];
  const fields = error.code === 'VALIDATION_ERROR' || error.code === 'FORBIDDEN' ? Object.entries(error.data ?? {}) : [];
  const reasons = fields.flatMap(([field, messages]) =>
    Array.isArray(messages) ? messages.map((message) => ({ row, field, message: String(message) })) : [],
  );
  return reasons.length ? reasons : [{ row, field: null, message: error.message }];
}

function callOf(deps: ImportDeps, params: ImportParams, runId: string): ResourceCall {
  return { deps, actor: { ...params.actor, sessionId: `import:${runId}` } };
}

export async function runImport(
  deps: ImportDeps,
  jobRunId: string,
  attempt: ImportAttempt,
): Promise<{ skipped?: true } & Partial<ImportResult>> {
  const run = await deps.db.jobRun.findUnique({ where: { id: jobRunId } });
  if (!run || run.kind !== IMPORT_JOB_KIND || run.status === LEAD_JOB_STATUS.COMPLETED || run.status === LEAD_JOB_STATUS.FAILED)
    return { skipped: true };
  const storage = storageBackendFor(deps.env);
  try {
    const params = ImportParamsSchema.parse(run.params);
    const target = IMPORT_TARGETS[params.kind];
    const call = callOf(deps, params, run.id);
    const access = authorize(target.resource, call, 'create');
    const stream = await storage.open(params.storageKey);
    if (!stream) throw new Error('import file missing');
    const sheet = await readImportFile(params.fileName, await bytesOf(stream));
    // A second delivery starts over: every row is an upsert by its key, so it updates what the first created.
    await deps.db.jobRun.update({
      where: { id: run.id },
      data: { status: LEAD_JOB_STATUS.RUNNING, error: null, progress: 0, total: sheet.rows.length, result: EMPTY_RESULT },
    });
    const plan = await planImport(deps, access, target, sheet, params.mapping);
    const result: ImportResult = { ...EMPTY_RESULT, processed: plan.invalidRows, failed: plan.invalidRows, errors: [] };
    const report = (errors: ImportRowError[]) => {
      const room = IMPORT_LIMITS.MAX_REPORTED_ERRORS - result.errors.length;
      if (room > 0) result.errors.push(...errors.slice(0, room));
    };
    report(plan.errors);
    const importer = await recordImporter(call, target.resource);
    let savedAt = 0;
    let saving = false;
    // One writer at a time saves (the others go on writing); a failed save fails the run like a failed row write.
    const save = async () => {
      if (saving || Date.now() - savedAt < PROGRESS_EVERY_MS) return;
      saving = true;
      savedAt = Date.now();
      try {
        const progress = plan.total ? Math.min(99, Math.floor((result.processed * 100) / plan.total)) : 99;
        await importer.flush();
        await deps.db.jobRun.updateMany({
          where: { id: run.id, status: LEAD_JOB_STATUS.RUNNING },
          data: { progress, result: result as unknown as Prisma.InputJsonObject },
        });
      } finally {
        saving = false;
      }
    };
    await save();

    const writeRows = async (rows: readonly PlannedRow[]) => {
      const outcomes = await importer.write(
        rows.map((planned) => ({ key: planned.key, body: planned.create, updateBody: planned.update })),
      );
      for (const [i, outcome] of outcomes.entries()) {
        const row = rows[i]?.row ?? 0;
        if (outcome.ok) {
          if (outcome.created) result.created += 1;
          else result.updated += 1;
        } else {
          if (!(outcome.error instanceof AppError)) deps.log.error({ err: outcome.error, jobRunId, row }, 'import row failed');
          result.failed += 1;
          report(reasonsOf(row, outcome.error));
        }
        result.processed += 1;
      }
    };
    // Each writer takes the next rows. A dependency outage or a shutdown stops every writer after its current rows,
    // and the run fails only once none is writing (a retry must not race this attempt's writers).
    let next = 0;
    let stopped = false;
    const writer = async () => {
      try {
        while (!stopped && next < plan.valid.length) {
          if (attempt.signal?.aborted) throw new Error('import aborted by shutdown');
          const rows = plan.valid.slice(next, next + ROWS_PER_WRITE);
          next += rows.length;
          await writeRows(rows);
          await save();
        }
      } catch (error) {
        stopped = true;
        throw error;
      }
    };
    const writers = await Promise.allSettled(Array.from({ length: WRITERS }, writer));
    // What committed before an outage still gets its side work.
    await importer.flush();
    const failure = writers.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    result.errors.sort((a, b) => a.row - b.row);
    await deps.db.jobRun.updateMany({
      where: { id: run.id, status: { not: LEAD_JOB_STATUS.COMPLETED } },
      data: {
        status: LEAD_JOB_STATUS.COMPLETED,
        progress: 100,
        result: result as unknown as Prisma.InputJsonObject,
        error: null,
        finishedAt: deps.clock.now(),
      },
    });
    await storage.remove(params.storageKey);
    return result;
  } catch (error) {
    deps.log.error({ err: error, jobRunId, attempt: attempt.attempt }, 'import failed');
    if (attempt.attempt >= attempt.attempts) {
      await deps.db.jobRun.updateMany({
        where: { id: jobRunId, status: { not: LEAD_JOB_STATUS.COMPLETED } },
        data: { status: LEAD_JOB_STATUS.FAILED, error: IMPORT_MESSAGES.failed, finishedAt: deps.clock.now() },
      });
      const params = ImportParamsSchema.safeParse(run.params);
      if (params.success) await storage.remove(params.data.storageKey).catch(() => undefined);
    }
    throw error;
  }
}
