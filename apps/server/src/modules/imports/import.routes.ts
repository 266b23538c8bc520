import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_KINDS,
  IMPORT_LIMITS,
  IMPORT_MAPPING_FIELD,
  IMPORT_MESSAGES,
  IMPORT_TAGS,
  ImportDryRunSchema,
  ImportJobSchema,
  ImportPreviewSchema,
  ImportTemplateQuerySchema,
  oneResponseSchema,
  type ImportKind,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { actorOf } from '../../plugins/auth.plugin.js';
import { EXPORT_FILE_RESPONSE } from '../../plugins/openapi-files.js';
import { IMPORT_TARGETS } from './import-targets.js';
import { importTemplate } from './import-template.js';
import { dryRunImport, previewImport, startImport, type UploadedFile } from './import.service.js';

// docs/api.md 'Imports': for listings, projects and team members, under {path}/import: the template, the file's
// headers and suggested mapping (preview), the dry run and the run (202, a background job). REST only, by design:
// a file answered and multipart uploads. The run's status is declared (import.calls.ts).

const MAX_TEXT_FIELDS = 4;
const MAPPING_FIELD_BYTES = 64 * 1024;

/** The multipart body: one `file` part (at most 10 MB, else 400) and the `mapping` text field. */
async function readImportUpload(req: FastifyRequest): Promise<{ file: UploadedFile | null; mapping: string | undefined }> {
  if (!req.isMultipart()) throw AppError.validation({ file: [IMPORT_MESSAGES.fileMissing] }, IMPORT_MESSAGES.fileMissing);
  let file: UploadedFile | null = null;
  let mapping: string | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || file) throw AppError.validation({ [part.fieldname]: ['Send one file, in the field "file".'] });
      try {
        file = { fileName: part.filename, bytes: await part.toBuffer() };
      } catch (error) {
        if (error instanceof req.server.multipartErrors.RequestFileTooLargeError)
          throw AppError.validation({ file: [IMPORT_MESSAGES.fileTooLarge] }, IMPORT_MESSAGES.fileTooLarge);
        throw error;
      }
    } else if (part.fieldname === IMPORT_MAPPING_FIELD) {
      mapping = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  return { file, mapping };
}

function registerKind(fastify: FastifyInstance, kind: ImportKind) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const target = IMPORT_TARGETS[kind];
  const base = `/api/${target.resource.path}/import`;
  const label = target.spec.contract.label.many;
  const config = { permissions: [...(target.resource.permissions.create ?? [])] };
  const tags = [IMPORT_TAGS[kind]];
  const name = target.spec.contract.name;
  const call = (req: FastifyRequest) => ({ deps, actor: actorOf(req) });
  const upload = { consumes: ['multipart/form-data'] };

  app.get(
    `${base}/template`,
    {
      config,
      schema: {
        tags,
        operationId: `${name}.importTemplate`,
        summary: `The file to fill in to import ${label} (CSV or XLSX)`,
        description: 'One header row: the importable columns by their labels. `format=csv` (default) or `xlsx`.',
        querystring: ImportTemplateQuerySchema,
        response: { 200: EXPORT_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const file = importTemplate(kind, req.query.format, (error) => req.log.error({ err: error }, 'import template failed'));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );

  app.post(
    `${base}/preview`,
    {
      config,
      schema: {
        tags,
        operationId: `${name}.importPreview`,
        summary: `Read a ${label} file: its headers, a suggested mapping and its first rows`,
        description: `Multipart: \`file\` (CSV or XLSX, at most 10 MB and ${IMPORT_LIMITS.MAX_ROWS} rows; anything else answers 400).`,
        ...upload,
        response: { 200: oneResponseSchema(ImportPreviewSchema) },
      },
    },
    async (req) => {
      const { file } = await readImportUpload(req);
      return { data: await previewImport(call(req), kind, file) };
    },
  );

  app.post(
    `${base}/dry-run`,
    {
      config,
      schema: {
        tags,
        operationId: `${name}.importDryRun`,
        summary: `Check every row of a ${label} file without storing anything`,
        description:
          'Multipart: `file` and `mapping` (JSON: header -> field or null; absent: the suggested one). Answers how many rows ' +
          `would create or update a record and, per bad row, its row number (the header is row 1), field and message (at most ${IMPORT_LIMITS.MAX_REPORTED_ERRORS}).`,
        ...upload,
        response: { 200: oneResponseSchema(ImportDryRunSchema) },
      },
    },
    async (req) => {
      const { file, mapping } = await readImportUpload(req);
      return { data: await dryRunImport(call(req), kind, file, mapping) };
    },
  );

  app.post(
    base,
    {
      config,
      schema: {
        tags,
        operationId: `${name}.import`,
        summary: `Import a ${label} file in the background`,
        description:
          'Multipart: `file` and `mapping`, as the dry run. 202 with the queued run; GET import/{id} answers its progress. ' +
          'Each good row is written in its own transaction, as a create or update from the API; a row whose key ' +
          `(${target.keyFields.join(' or ')}) matches a record updates it.`,
        ...upload,
        response: { 202: oneResponseSchema(ImportJobSchema) },
      },
    },
    async (req, reply) => {
      const { file, mapping } = await readImportUpload(req);
      return reply.status(202).send({ data: await startImport(deps, actorOf(req), kind, file, mapping) });
    },
  );
}

export async function importRoutes(fastify: FastifyInstance) {
  // Scoped to this plugin: only these routes accept multipart bodies.
  await fastify.register(multipart, {
    limits: {
      fileSize: IMPORT_LIMITS.MAX_BYTES,
      files: 1,
      fields: MAX_TEXT_FIELDS,
      fieldSize: MAPPING_FIELD_BYTES,
      parts: MAX_TEXT_FIELDS + 1,
    },
    throwFileSizeLimit: true,
  });
  for (const kind of IMPORT_KINDS) registerKind(fastify, kind);
}
