import { MESSAGES, PERMISSIONS as P, PORTAL_LEADS_EXPORT_PATH, PortalLeadsExportQuerySchema, portalLeadsColumns } from '@crm/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../core/app-error.js';
import { assetOfActor } from '../../core/authorization.js';
import { actorOf } from '../../plugins/auth.plugin.js';
import { EXPORT_FILE_RESPONSE } from '../../plugins/openapi-files.js';
import { exportZone } from '../../resources/export-zone.js';
import { CONTENT_TYPES, type Cells, csvStream, toCell, xlsxStream } from '../../resources/resource-export.js';
import { portalLeadsReport } from './portal-leads.service.js';

// The Portal Leads report as a file (docs/product.md 'Portal Leads'): the screen's columns (portalLeadsColumns),
// its rows and the total, over the same period and grouping; named by the period in the caller's zone. A REST route:
// it answers a file, which a tRPC procedure does not.
export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    `/api/${PORTAL_LEADS_EXPORT_PATH}`,
    {
      config: { permissions: [P.PORTAL_LEADS_REPORT_VIEW], errors: ['NOT_FOUND'] },
      schema: {
        tags: ['reports'],
        operationId: 'reports.portalLeadsExport',
        summary: 'Export the Portal Leads report (CSV or XLSX)',
        description: "The screen's rows and total over `from`/`to` by `by`; nothing to export answers 404 'Data is empty'.",
        querystring: PortalLeadsExportQuerySchema,
        response: { 200: EXPORT_FILE_RESPONSE },
      },
    },
    async (req, reply) => {
      const query = req.query;
      const report = await portalLeadsReport(app.deps, assetOfActor(actorOf(req)), query);
      if (!report.rows.length) throw AppError.notFound(MESSAGES.common.dataEmpty);
      const columns = portalLeadsColumns(report.by);
      const cells = [...report.rows, report.total].map((row): Cells => columns.map((column, i) => toCell(column.cell(row, i))));
      const zone = exportZone(req.timezone);
      const day = (iso: string) => zone.iso(new Date(iso)).slice(0, 10);
      const fileName = `portal-leads-${report.by}-${day(report.from)}-to-${day(report.to)}.${query.format}`;
      async function* rows() {
        yield cells;
      }
      const headers = columns.map((column) => column.title);
      const onError = (error: unknown) => app.deps.log.error({ err: error }, 'portal leads export failed');
      const stream =
        query.format === 'xlsx' ? xlsxStream('Portal Leads', headers, rows(), onError, zone) : csvStream(headers, rows(), onError, zone);
      return reply
        .header('content-type', CONTENT_TYPES[query.format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
