import { randomBytes } from 'node:crypto';
import {
  IMPORT_JOB_KIND,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  ImportMappingSchema,
  LEAD_JOB_STATUS,
  suggestMapping,
  UUID_PATTERN,
  type ImportDryRun,
  type ImportJob,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
} from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/app-error.js';
import type { AppDeps } from '../../core/deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { authorize, type Access } from '../../resources/resource-access.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import { storageBackendFor } from '../storage/index.js';
import { readImportFile } from './import-file.js';
import { checkMapping, planImport } from './import-plan.js';
import { IMPORT_TARGETS } from './import-targets.js';
import { importJob } from './import.job.js';
import { EMPTY_RESULT, toImportJob, type ImportParams } from './import-record.js';

// The import calls of listings, projects and team members (docs/api.md 'Imports'): the file's headers and a
// suggested mapping, the dry run (every row checked, nothing stored), the run (a background job, import-run.ts)
// and its status. Each needs the kind's create permission.

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

export type ImportDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'env' | 'jobs'> & Partial<Pick<AppDeps, 'redis'>>;

const SAMPLE_ROWS = 5;

function access(call: ResourceCall, kind: ImportKind): Access {
  return authorize(IMPORT_TARGETS[kind].resource, call, 'create');
}

function requireFile(file: UploadedFile | null): UploadedFile {
  if (!file) throw AppError.validation({ file: [IMPORT_MESSAGES.fileMissing] }, IMPORT_MESSAGES.fileMissing);
  return file;
}

/** The mapping field of the multipart body (JSON), or the suggestion when it is absent. */
export function parseMapping(text: string | undefined): ImportMapping | null {
  if (text === undefined || text === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw AppError.validation({ mapping: [IMPORT_MESSAGES.mappingInvalid] }, IMPORT_MESSAGES.mappingInvalid);
  }
  const parsed = ImportMappingSchema.safeParse(json);
  if (!parsed.success) throw AppError.validation({ mapping: [IMPORT_MESSAGES.mappingInvalid] }, IMPORT_MESSAGES.mappingInvalid);
  return parsed.data;
}

/** Step 1: the file's headers, a suggested mapping, the columns the kind can fill, and its first rows. */
export async function previewImport(call: ResourceCall, kind: ImportKind, upload: UploadedFile | null): Promise<ImportPreview> {
  access(call, kind);
  const file = requireFile(upload);
  const sheet = await readImportFile(file.fileName, file.bytes);
  const target = IMPORT_TARGETS[kind];
  return {
    format: sheet.format,
    headers: sheet.headers,
    mapping: suggestMapping(sheet.headers, target.columns),
    rows: sheet.rows.length,
    columns: target.columns,
    sample: sheet.rows.slice(0, SAMPLE_ROWS).map((cells) => sheet.headers.map((_, i) => cells[i] ?? '')),
  };
}

/** The dry run: every row checked as the run would, per bad row its number, field and message; nothing stored. */
export async function dryRunImport(
  call: ResourceCall,
  kind: ImportKind,
  upload: UploadedFile | null,
  mappingText: string | undefined,
): Promise<ImportDryRun> {
  const scoped = access(call, kind);
  const file = requireFile(upload);
  const sheet = await readImportFile(file.fileName, file.bytes);
  const target = IMPORT_TARGETS[kind];
  const mapping = checkMapping(target, sheet, parseMapping(mappingText) ?? suggestMapping(sheet.headers, target.columns));
  const plan = await planImport(call.deps, scoped, target, sheet, mapping);
  const updates = plan.valid.filter((row) => row.exists).length;
  return {
    total: plan.total,
    valid: plan.valid.length,
    invalid: plan.invalidRows,
    creates: plan.valid.length - updates,
    updates,
    errors: plan.errors.slice(0, IMPORT_LIMITS.MAX_REPORTED_ERRORS),
  };
}

/** POST {kind}/import: checks the file and the mapping now (400 here, not a failed run), stores the file, queues the run. */
export async function startImport(
  deps: ImportDeps,
  actor: Actor,
  kind: ImportKind,
  upload: UploadedFile | null,
  mappingText: string | undefined,
): Promise<ImportJob> {
  const scoped = access({ deps, actor }, kind);
  const file = requireFile(upload);
  const sheet = await readImportFile(file.fileName, file.bytes);
  const target = IMPORT_TARGETS[kind];
  const mapping = checkMapping(target, sheet, parseMapping(mappingText) ?? suggestMapping(sheet.headers, target.columns));
  const assetId = scoped.assetId ?? '';
  const storageKey = `${assetId}/imports/${deps.clock.now().getTime()}-${randomBytes(6).toString('hex')}.${sheet.format}`;
  await storageBackendFor(deps.env).put(storageKey, file.bytes, 'application/octet-stream');
  const params: ImportParams = {
    kind,
    fileName: file.fileName.slice(0, 200),
    storageKey,
    mapping,
    actor: {
      userId: actor.userId,
      companyId: actor.companyId,
      email: actor.email,
      fullName: actor.fullName,
      roleCode: actor.roleCode,
      permissions: actor.permissions,
      isRootUser: actor.isRootUser,
      assetId,
      assetIds: actor.assetIds,
    },
  };
  const run = await deps.db.jobRun.create({
    data: {
      companyId: actor.companyId,
      assetId,
      userId: actor.userId,
      kind: IMPORT_JOB_KIND,
      status: LEAD_JOB_STATUS.QUEUED,
      progress: 0,
      total: sheet.rows.length,
      params: params as unknown as Prisma.InputJsonObject,
      result: EMPTY_RESULT as unknown as Prisma.InputJsonObject,
    },
  });
  try {
    await deps.jobs.enqueue(importJob, { jobRunId: run.id }, { jobId: `import-${run.id}` });
  } catch (error) {
    await deps.db.jobRun.update({
      where: { id: run.id },
      data: { status: LEAD_JOB_STATUS.FAILED, error: IMPORT_MESSAGES.failed, finishedAt: deps.clock.now() },
    });
    await storageBackendFor(deps.env).remove(storageKey);
    throw error;
  }
  return toImportJob(run);
}

/** GET {kind}/import/{id}: a run of the asset (admitted by import.calls.ts) and of this kind (any other answers 404). */
export async function getImportJob(deps: Pick<AppDeps, 'db'>, asset: string, kind: ImportKind, id: string): Promise<ImportJob> {
  const run = UUID_PATTERN.test(id) ? await deps.db.jobRun.findFirst({ where: { id, assetId: asset, kind: IMPORT_JOB_KIND } }) : null;
  const job = run ? toImportJob(run) : null;
  if (!job || job.kind !== kind) throw AppError.notFound(IMPORT_MESSAGES.jobNotFound);
  return job;
}
