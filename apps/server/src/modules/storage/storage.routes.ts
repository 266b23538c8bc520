import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, oneResponseSchema, storedFileContract } from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { actorOf, authenticate, bearerToken } from '../../plugins/auth.plugin.js';
import { FILE_TYPES, fileResponse } from '../../plugins/openapi-files.js';
import {
  FILE_PATH_PREFIX,
  fileTooLarge,
  openStoredFile,
  uploadFile,
  uploadModeOf,
  type IncomingFile,
  type ServedFile,
} from './storage.service.js';

// docs/api.md 'Uploads': upload (multipart: file, name, category, asset), serving the bytes and the thumbnail: REST
// only, so not declared calls (removal and the space used are: storage.calls.ts). The file picker's list and search, and renaming or hiding a file, are the generic `storage`
// resource (storage.resource.ts).
/** A stored file as the storage resource answers it (the storage key never leaves the server). */
const StoredFileResponse = oneResponseSchema(storedFileContract.record);

const tags = ['storage'];
const MAX_TEXT_FIELDS = 10;

/** Reads the multipart body: one file part (kept in memory, at most 10 MB) and the text fields, in any order. */
async function readUpload(req: FastifyRequest): Promise<{ file: IncomingFile | null; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: IncomingFile | null = null;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || file) throw AppError.validation({ [part.fieldname]: ['Send one file, in the field "file".'] });
      try {
        file = { fileName: part.filename, declaredType: part.mimetype, bytes: await part.toBuffer() };
      } catch (error) {
        if (error instanceof req.server.multipartErrors.RequestFileTooLargeError) throw fileTooLarge(uploadModeOf(fields, part.mimetype));
        throw error;
      }
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  return { file, fields };
}

function sendFile(reply: FastifyReply, served: ServedFile) {
  const fileName = encodeURIComponent(served.name);
  if (served.size !== null) reply.header('content-length', served.size);
  return (
    reply
      .header('content-type', served.mimeType)
      .header('content-disposition', `inline; filename*=UTF-8''${fileName}`)
      .header('cache-control', served.viaToken ? 'private, max-age=3600' : 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      // An SVG opened directly must not run scripts in our origin.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
      .send(served.stream)
  );
}

export async function storageRoutes(fastify: FastifyInstance) {
  // Scoped to this plugin: only these routes accept multipart bodies.
  await fastify.register(multipart, {
    limits: { fileSize: LIMITS.MAX_UPLOAD_BYTES, files: 1, fields: MAX_TEXT_FIELDS, fieldSize: 2000, parts: MAX_TEXT_FIELDS + 1 },
    throwFileSizeLimit: true,
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const call = (req: FastifyRequest) => ({ deps: app.deps, actor: actorOf(req) });

  app.post(
    '/api/storage/upload',
    {
      schema: {
        tags,
        operationId: 'storage.upload',
        summary: 'Upload a file (multipart: file, name, category, asset; optional mode, accept, isHidden)',
        description:
          'Image mode accepts JPG, SVG, PNG and WEBP; document mode PDF, DOCX and JSON; the bytes must match the declared type. ' +
          "At most 10 MB (413). A wrong type answers 415 with the form's message. Answers the stored file; its `file` url " +
          'carries a per-file token, so it can be used directly in an <img>; `thumbnail` is a small WEBP of a JPG, PNG or ' +
          'WEBP (the file itself for an SVG, null for documents). An image whose bytes cannot be decoded answers 400.',
        consumes: ['multipart/form-data'],
        response: { 201: StoredFileResponse },
      },
    },
    async (req, reply) => {
      const { file, fields } = await readUpload(req);
      return reply.status(201).send({ data: await uploadFile(call(req), file, fields) });
    },
  );

  const FileParams = z.object({ id: z.string().max(100) });
  const FileQuery = z.object({ token: z.string().max(200).optional(), asset: z.string().optional() });
  const credentialsOf = (req: FastifyRequest, token: string | undefined) => ({
    token,
    ...(bearerToken(req) ? { actor: () => authenticate(app, req) } : {}),
  });

  app.get(
    `${FILE_PATH_PREFIX}/:id`,
    {
      // Public as far as the auth hook goes: the service accepts either the url's token or a bearer token.
      config: { public: true, errors: ['UNAUTHORIZED'] },
      schema: {
        tags,
        operationId: 'storage.file',
        summary: "A stored file's bytes",
        description: "With the url's `token`, or a bearer token whose active asset holds the file. Anything else answers 404.",
        params: FileParams,
        querystring: FileQuery,
        response: { 200: fileResponse('The file, in the type it was stored with', [FILE_TYPES.any]) },
      },
    },
    async (req, reply) => sendFile(reply, await openStoredFile(app.deps, req.params.id, credentialsOf(req, req.query.token))),
  );

  app.get(
    `${FILE_PATH_PREFIX}/:id/thumbnail`,
    {
      config: { public: true, errors: ['UNAUTHORIZED'] },
      schema: {
        tags,
        operationId: 'storage.thumbnail',
        summary: "A stored image's thumbnail (WEBP, at most 320x320)",
        description:
          "The `thumbnail` url of a JPG, PNG or WEBP file, with the file's token or a bearer token of its asset. " +
          'A file without one (SVG, documents) answers 404.',
        params: FileParams,
        querystring: FileQuery,
        response: { 200: fileResponse('The thumbnail (WEBP), or the SVG itself', [FILE_TYPES.any]) },
      },
    },
    async (req, reply) => sendFile(reply, await openStoredFile(app.deps, req.params.id, credentialsOf(req, req.query.token), 'thumbnail')),
  );
}
