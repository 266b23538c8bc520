import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IntegrationOfficesSchema,
  MEMBER_CALL_PERMISSIONS as P,
  MEMBER_INTEGRATIONS,
  oneResponseSchema,
  TEAM_REPORT_EXPORT_PATHS,
  TEAM_REPORTS,
  TeamReportExportQuerySchema,
  type MemberIntegration,
} from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { integrationOffices } from './member-sync.service.js';
import { exportTeamReport } from './team-report-export.service.js';
import { EXPORT_FILE_RESPONSE } from '../../plugins/openapi-files.js';

// Team members' calls not declared yet (the rest are: packages/domain teams/member.calls.ts): the report exports
// answer files, and the offices of an integration are one REST path per integration but one tRPC procedure for all.

const BASE = '/api/teams/members';
const tags = ['teams'];
const update = [...P.update];

export async function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const call = (req: FastifyRequest) => ({ deps: app.deps, actor: actorOf(req) });

  for (const report of TEAM_REPORTS) {
    app.get(
      `/api/${TEAM_REPORT_EXPORT_PATHS[report]}`,
      {
        config: { permissions: [...P[`${report}Export`]], errors: ['NOT_FOUND'] },
        schema: {
          tags,
          operationId: `members.${report}ReportExport`,
          summary: `Export the ${report[0]?.toUpperCase()}${report.slice(1)} report (CSV or XLSX)`,
          description:
            "The screen's columns and figures over `from`/`to` (assignment times), named by the range in the caller's X-Timezone; " +
            "`office` (Brokers) keeps one office's members, `department` one department's, `excludeTestAgents` (default true) leaves test agents out. " +
            "Nothing to export answers 404 'Data is empty'.",
          querystring: TeamReportExportQuerySchema,
          response: { 200: EXPORT_FILE_RESPONSE },
        },
      },
      async (req, reply) => {
        const file = await exportTeamReport(call(req), report, req.query, req.timezone);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.stream);
      },
    );
  }
  for (const integration of Object.keys(MEMBER_INTEGRATIONS) as MemberIntegration[]) {
    app.get(
      `${BASE}/offices/${integration}/:asset`,
      {
        config: { permissions: update, errors: ['CONFLICT'] },
        schema: {
          tags,
          operationId: `members.${integration}Offices`,
          summary: `The offices of the asset's ${MEMBER_INTEGRATIONS[integration]} integration (409 { provider, reason } while not configured or off)`,
          params: z.object({ asset: z.string().max(100) }),
          response: { 200: oneResponseSchema(IntegrationOfficesSchema) },
        },
      },
      async (req) => ({ data: await integrationOffices(call(req), integration, req.params.asset) }),
    );
  }
}
