import { z } from 'zod';
import {
  IMPORT_JOB_STATUSES,
  IMPORT_KINDS,
  ImportMappingSchema,
  ImportRowErrorSchema,
  PERMISSION_CODES,
  type ImportJob,
  type PermissionCode,
} from '@crm/domain';
import type { JobRun } from '../../generated/prisma/client.js';

// What an import run keeps in its JobRun row: the request (params) and its counts so far (result), and the
// answer of its status call made from them.

/** The caller as the run acts: who uploaded the file, with the rights they had then, in the asset they worked in. */
export const ImportActorSchema = z.object({
  userId: z.string(),
  companyId: z.string(),
  email: z.string(),
  fullName: z.string(),
  roleCode: z.string(),
  permissions: z.array(z.custom<PermissionCode>((value) => PERMISSION_CODES.includes(value as PermissionCode))),
  isRootUser: z.boolean(),
  assetId: z.string().nullable(),
  assetIds: z.array(z.string()),
});

export const ImportParamsSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  storageKey: z.string(),
  mapping: ImportMappingSchema,
  actor: ImportActorSchema,
});
export type ImportParams = z.infer<typeof ImportParamsSchema>;

export const ImportResultSchema = z.object({
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  errors: z.array(ImportRowErrorSchema),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const EMPTY_RESULT: ImportResult = { processed: 0, created: 0, updated: 0, failed: 0, errors: [] };

export function toImportJob(run: JobRun): ImportJob {
  const params = ImportParamsSchema.safeParse(run.params);
  const result = ImportResultSchema.safeParse(run.result);
  const counts = result.success ? result.data : EMPTY_RESULT;
  const status = IMPORT_JOB_STATUSES.find((value) => value === run.status) ?? 'queued';
  return {
    _id: run.id,
    kind: params.success ? params.data.kind : 'listings',
    status,
    fileName: params.success ? params.data.fileName : '',
    total: run.total ?? 0,
    ...counts,
    error: run.error,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}
