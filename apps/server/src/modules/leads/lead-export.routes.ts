import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEAD_CALL_PERMISSIONS, LeadAssetQuerySchema, LeadExportQuerySchema } from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { EXPORT_FILE_RESPONSE } from '../../plugins/openapi-files.js';
import { openLeadExportFile } from './lead-export-job.service.js';
import { exportLeads } from './lead-export.service.js';
import { EXPORT_LIMITS } from '../../resources/resource-export.js';

// The Leads report's file downloads, REST only (the export jobs' JSON calls are declared, lead.calls.ts): a file
// is streamed bytes, which a declaration's output does not carry. The generic resource leaves
// GET properties/leads/export to this module (lead.resource.ts `ownRoutes`), so one route answers it.

const BASE = '/api/properties/leads';
const tags = ['leads'];
const read = { permissions: [...LEAD_CALL_PERMISSIONS.read] };
const IdParams = z.object({ id: z.string().max(100) });

const EXPORT_DESCRIPTION =
  "The Leads report's columns (dates in the caller's X-Timezone) for the list's `filter` " +
  '(same JSON as the list: query, sort, and a `skip`/`limit` range, e.g. chunks of 5,000), optionally within ' +
  '`from`/`to` on the created date. CSV (UTF-8 with BOM) by default, `format=xlsx` up to ' +
  `${EXPORT_LIMITS.XLSX_MAX_ROWS} rows (more: 400). No matching lead answers 404 'Data is empty'.`;

export async function leadExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    `${BASE}/export`,
    {
      config: { ...read, errors: ['NOT_FOUND'] },
      schema: {
        tags,
        operationId: 'leads.export',
        summary: 'Export the Leads report (CSV or XLSX)',
        description: EXPORT_DESCRIPTION,
        querystring: LeadExportQuerySchema,
        response: { 200: EXPORT_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const file = await exportLeads(deps, actorOf(req), req.query, req.timezone);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );

  app.get(
    `${BASE}/export-jobs/:id/download`,
    {
      config: { ...read, errors: ['CONFLICT'] },
      schema: {
        tags,
        operationId: 'leads.exportJobDownload',
        summary: "A completed export job's file",
        description: 'A job that has not completed answers 409.',
        params: IdParams,
        querystring: LeadAssetQuerySchema,
        response: { 200: EXPORT_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const file = await openLeadExportFile(deps, actorOf(req), req.params.id, req.query.asset);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
}
