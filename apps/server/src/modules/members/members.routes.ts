import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BrokerStatisticsQuerySchema,
  BrokerStatisticsSchema,
  IntegrationOfficesSchema,
  MEMBER_CALL_PERMISSIONS as P,
  MEMBER_INTEGRATIONS,
  MemberBulkResultSchema,
  MemberBulkUpdateInputSchema,
  memberContract,
  MemberLinkSignInInputSchema,
  MemberLoginUrlInputSchema,
  MemberLoginUrlRevokeResultSchema,
  MemberLoginUrlSchema,
  MemberPasswordInputSchema,
  MemberSyncMultipleInputSchema,
  MemberSyncResultSchema,
  MemberUserOptionSchema,
  MemberUserOptionsQuerySchema,
  MemberWhatsappConfigInputSchema,
  oneResponseSchema,
  RatingSummaryQuerySchema,
  RatingSummarySchema,
  SessionSchema,
  SyncRunSchema,
  TEAM_REPORT_EXPORT_PATHS,
  TEAM_REPORTS,
  TeamReportExportQuerySchema,
  type MemberIntegration,
} from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import { requestMeta } from '../auth/index.js';
import { brokerStatistics } from './member-brokers.service.js';
import { bulkUpdateMembers } from './member-bulk.service.js';
import {
  createMemberLoginUrl,
  revokeMemberLoginUrls,
  signInWithMemberLink,
  updateMemberPassword,
  updateMemberWhatsapp,
} from './member-login.service.js';
import { ratingSummary } from './member-stats.service.js';
import { integrationOffices, memberSyncRun, syncMemberNow, syncMembers } from './member-sync.service.js';
import { memberUserOptions } from './member-users.service.js';
import { exportTeamReport } from './team-report-export.service.js';
import { EXPORT_FILE_RESPONSE } from '../../plugins/openapi-files.js';

// Team members' own calls (docs/api.md 'Team members'), REST door. The engine serves the generic ones
// (teams/members, its distinct/{field}, teams/members/ratings and PATCH ratings/{id}) and the leads module serves
// statistics/better-agent/offices (lead-reports.service.ts); these are the rest.

const BASE = '/api/teams/members';
const tags = ['teams'];
const IdParams = z.object({ id: z.string().max(100) });
const AssetQuery = z.object({ asset: z.string().optional() });
const MemberResponse = oneResponseSchema(memberContract.record);
/** What a sync answers: the CRM's run queued for those members (member-provider.ts). */
const SyncResponse = oneResponseSchema(MemberSyncResultSchema);
const update = [...P.update];

export async function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const call = (req: FastifyRequest) => ({ deps: app.deps, actor: actorOf(req) });

  app.patch(
    `${BASE}/bulk-update`,
    {
      config: { permissions: update, errors: ['VALIDATION_ERROR'] },
      schema: {
        tags,
        operationId: 'members.bulkUpdate',
        summary: 'Enable or disable, set department, groups, manager or lead process for many members at once (all or nothing)',
        body: MemberBulkUpdateInputSchema,
        querystring: AssetQuery,
        response: { 200: oneResponseSchema(MemberBulkResultSchema) },
      },
    },
    async (req) => ({ data: await bulkUpdateMembers(call(req), req.body) }),
  );
  app.get(
    `${BASE}/users`,
    {
      config: { permissions: update },
      schema: {
        tags,
        operationId: 'members.userOptions',
        summary: "The company's users a member may be linked to (the member form's User), by name or email",
        querystring: MemberUserOptionsQuerySchema,
        response: { 200: oneResponseSchema(z.array(MemberUserOptionSchema)) },
      },
    },
    async (req) => ({ data: await memberUserOptions(call(req), req.query) }),
  );
  app.post(
    `${BASE}/login-url`,
    {
      config: { permissions: update, errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        tags,
        operationId: 'members.createLoginUrl',
        summary: "A one-time sign-in link for the member's user account",
        body: MemberLoginUrlInputSchema,
        querystring: AssetQuery,
        response: { 200: oneResponseSchema(MemberLoginUrlSchema) },
      },
    },
    async (req) => ({ data: await createMemberLoginUrl(call(req), req.body) }),
  );
  app.post(
    `${BASE}/login-url/sign-in`,
    {
      config: { public: true, errors: ['UNAUTHORIZED'] },
      schema: {
        tags,
        operationId: 'members.signInWithLink',
        summary: 'Spend a sign-in link (the page it opens calls this; no bearer token)',
        body: MemberLinkSignInInputSchema,
        response: { 200: oneResponseSchema(SessionSchema) },
      },
    },
    async (req) => ({ data: await signInWithMemberLink(app.deps, req.body, requestMeta(req)) }),
  );
  app.delete(
    `${BASE}/:id/login-url`,
    {
      config: { permissions: update, errors: ['NOT_FOUND'] },
      schema: {
        tags,
        operationId: 'members.revokeLoginUrl',
        summary: "End the member's live sign-in links",
        params: IdParams,
        querystring: AssetQuery,
        response: { 200: oneResponseSchema(MemberLoginUrlRevokeResultSchema) },
      },
    },
    async (req) => ({ data: await revokeMemberLoginUrls(call(req), req.params.id) }),
  );
  app.patch(
    `${BASE}/:id/update-password`,
    {
      config: { permissions: update, errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        tags,
        operationId: 'members.updatePassword',
        summary: "Set the password of the member's user account (ends its sessions)",
        params: IdParams,
        body: MemberPasswordInputSchema,
        querystring: AssetQuery,
        response: { 200: MemberResponse },
      },
    },
    async (req) => ({ data: await updateMemberPassword(call(req), req.params.id, req.body) }),
  );
  app.patch(
    `${BASE}/whatsapp-config/:id`,
    {
      config: { permissions: update, errors: ['NOT_FOUND'] },
      schema: {
        tags,
        operationId: 'members.updateWhatsappConfig',
        summary: "The member's WhatsApp number and website button",
        params: IdParams,
        body: MemberWhatsappConfigInputSchema,
        querystring: AssetQuery,
        response: { 200: MemberResponse },
      },
    },
    async (req) => ({ data: await updateMemberWhatsapp(call(req), req.params.id, req.body) }),
  );
  app.patch(
    `${BASE}/sync-now/:id`,
    {
      config: { permissions: update, errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        tags,
        operationId: 'members.syncNow',
        summary: "Sync one member from the asset's CRM, Goyzer or Engage (409 { provider, reason } while none is configured or on)",
        params: IdParams,
        querystring: AssetQuery,
        response: { 200: SyncResponse },
      },
    },
    async (req) => ({ data: await syncMemberNow(call(req), req.params.id) }),
  );
  app.post(
    `${BASE}/sync-multiple-members`,
    {
      config: { permissions: update, errors: ['NOT_FOUND', 'CONFLICT'] },
      schema: {
        tags,
        operationId: 'members.syncMultiple',
        summary: "Sync members from the asset's CRM, Goyzer or Engage (409 { provider, reason } while none is configured or on)",
        body: MemberSyncMultipleInputSchema,
        querystring: AssetQuery,
        response: { 200: SyncResponse },
      },
    },
    async (req) => ({ data: await syncMembers(call(req), req.body) }),
  );
  app.get(
    `${BASE}/sync-runs/:id`,
    {
      config: { permissions: update, errors: ['NOT_FOUND'] },
      schema: {
        tags,
        operationId: 'members.syncRun',
        summary: 'A members run of the sync calls (queued, running, completed or failed, its progress, counts and error)',
        params: IdParams,
        querystring: AssetQuery,
        response: { 200: oneResponseSchema(SyncRunSchema) },
      },
    },
    async (req) => ({ data: await memberSyncRun(call(req), req.params.id) }),
  );
  app.get(
    `${BASE}/ratings/statistics/summary`,
    {
      config: { permissions: [...P.ratings] },
      schema: {
        tags,
        operationId: 'members.ratingSummary',
        summary: 'Ratings: count, average and distribution per member and per office over a date range (or one member)',
        querystring: RatingSummaryQuerySchema,
        response: { 200: oneResponseSchema(RatingSummarySchema) },
      },
    },
    async (req) => ({ data: await ratingSummary(call(req), req.query) }),
  );
  app.get(
    `${BASE}/statistics/better-agent`,
    {
      config: { permissions: [...P.brokers] },
      schema: {
        tags,
        operationId: 'members.brokerStatistics',
        summary: 'The Brokers report: per member, leads assigned, accepted, claimed, escalated, response time and rating over a date range',
        description: "Test agents are left out unless `excludeTestAgents=false`; `department` keeps one department's members.",
        querystring: BrokerStatisticsQuerySchema,
        response: { 200: oneResponseSchema(BrokerStatisticsSchema) },
      },
    },
    async (req) => ({ data: await brokerStatistics(call(req), req.query) }),
  );
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
