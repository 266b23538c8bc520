import { z } from 'zod';
import { SessionSchema } from '../auth/auth.schemas.js';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { SyncRunSchema } from '../integrations/integration.schemas.js';
import { oneResponseSchema } from '../list/list-response.schema.js';
import {
  BrokerStatisticsQuerySchema,
  BrokerStatisticsSchema,
  MEMBER_CALL_PERMISSIONS as P,
  MemberBulkResultSchema,
  MemberBulkUpdateInputSchema,
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
  RatingSummaryQuerySchema,
  RatingSummarySchema,
} from './member-calls.schemas.js';
import { memberContract } from './team.contract.js';

// Team members' own calls (docs/api.md 'Team members'), in the caller's asset. The engine serves the generic ones;
// the report exports (files) and the offices of an integration (one REST path per integration, one tRPC procedure
// for all) are still hand-written (members.routes.ts). Both doors answer `{ data }`, so the output is the envelope.
const BASE = '/api/teams/members';
const id = z.string().max(100);
const IdParams = z.object({ id });
const AssetQuery = z.object({ asset: z.string().optional() });
const member = oneResponseSchema(memberContract.record);
const synced = oneResponseSchema(MemberSyncResultSchema);
const staff = { tag: 'teams', access: P.update, scope: 'asset' } as const;

const bulkUpdate = defineCall({
  ...staff,
  operationId: 'members.bulkUpdate',
  summary: 'Enable or disable, set department, groups, manager or lead process for many members at once (all or nothing)',
  errors: ['VALIDATION_ERROR'],
  kind: 'mutation',
  input: MemberBulkUpdateInputSchema,
  output: oneResponseSchema(MemberBulkResultSchema),
  rest: {
    method: 'PATCH',
    path: `${BASE}/bulk-update`,
    body: MemberBulkUpdateInputSchema,
    query: AssetQuery,
    envelope: 'bare',
    toInput: ({ body }) => body,
  },
});

const userOptions = defineCall({
  ...staff,
  operationId: 'members.userOptions',
  summary: "The company's users a member may be linked to (the member form's User), by name or email",
  kind: 'query',
  input: MemberUserOptionsQuerySchema,
  output: oneResponseSchema(z.array(MemberUserOptionSchema)),
  rest: { method: 'GET', path: `${BASE}/users`, envelope: 'bare' },
});

const createLoginUrl = defineCall({
  ...staff,
  operationId: 'members.createLoginUrl',
  summary: "A one-time sign-in link for the member's user account",
  errors: ['NOT_FOUND', 'CONFLICT'],
  kind: 'mutation',
  input: MemberLoginUrlInputSchema,
  output: oneResponseSchema(MemberLoginUrlSchema),
  rest: {
    method: 'POST',
    path: `${BASE}/login-url`,
    body: MemberLoginUrlInputSchema,
    query: AssetQuery,
    envelope: 'bare',
    toInput: ({ body }) => body,
  },
});

const signInWithLink = defineCall({
  operationId: 'members.signInWithLink',
  summary: 'Spend a sign-in link (the page it opens calls this; no bearer token)',
  tag: 'teams',
  access: 'public',
  scope: 'none',
  errors: ['UNAUTHORIZED'],
  kind: 'mutation',
  input: MemberLinkSignInInputSchema,
  output: oneResponseSchema(SessionSchema),
  rest: { method: 'POST', path: `${BASE}/login-url/sign-in`, envelope: 'bare' },
});

const revokeLoginUrl = defineCall({
  ...staff,
  operationId: 'members.revokeLoginUrl',
  summary: "End the member's live sign-in links",
  errors: ['NOT_FOUND'],
  kind: 'mutation',
  input: z.strictObject({ id }),
  output: oneResponseSchema(MemberLoginUrlRevokeResultSchema),
  rest: {
    method: 'DELETE',
    path: `${BASE}/:id/login-url`,
    params: IdParams,
    query: AssetQuery,
    envelope: 'bare',
    toInput: ({ params }) => params,
  },
});

const updatePassword = defineCall({
  ...staff,
  operationId: 'members.updatePassword',
  summary: "Set the password of the member's user account (ends its sessions)",
  errors: ['NOT_FOUND', 'CONFLICT'],
  kind: 'mutation',
  input: MemberPasswordInputSchema.extend({ id }),
  output: member,
  rest: {
    method: 'PATCH',
    path: `${BASE}/:id/update-password`,
    params: IdParams,
    body: MemberPasswordInputSchema,
    query: AssetQuery,
    envelope: 'bare',
    toInput: ({ params, body }) => ({ ...body, id: params.id }),
  },
});

const updateWhatsappConfig = defineCall({
  ...staff,
  operationId: 'members.updateWhatsappConfig',
  summary: "The member's WhatsApp number and website button",
  errors: ['NOT_FOUND'],
  kind: 'mutation',
  input: MemberWhatsappConfigInputSchema.extend({ id }),
  output: member,
  rest: {
    method: 'PATCH',
    path: `${BASE}/whatsapp-config/:id`,
    params: IdParams,
    body: MemberWhatsappConfigInputSchema,
    query: AssetQuery,
    envelope: 'bare',
    toInput: ({ params, body }) => ({ ...body, id: params.id }),
  },
});

const syncNow = defineCall({
  ...staff,
  operationId: 'members.syncNow',
  summary: "Sync one member from the asset's CRM, Goyzer or Engage (409 { provider, reason } while none is configured or on)",
  errors: ['NOT_FOUND', 'CONFLICT'],
  kind: 'mutation',
  input: z.strictObject({ id }),
  output: synced,
  rest: {
    method: 'PATCH',
    path: `${BASE}/sync-now/:id`,
    params: IdParams,
    query: AssetQuery,
    envelope: 'bare',
    toInput: ({ params }) => params,
  },
});

const syncMultiple = defineCall({
  ...staff,
  operationId: 'members.syncMultiple',
  summary: "Sync members from the asset's CRM, Goyzer or Engage (409 { provider, reason } while none is configured or on)",
  errors: ['NOT_FOUND', 'CONFLICT'],
  kind: 'mutation',
  input: MemberSyncMultipleInputSchema,
  output: synced,
  rest: {
    method: 'POST',
    path: `${BASE}/sync-multiple-members`,
    body: MemberSyncMultipleInputSchema,
    query: AssetQuery,
    envelope: 'bare',
    toInput: ({ body }) => body,
  },
});

const syncRun = defineCall({
  ...staff,
  operationId: 'members.syncRun',
  summary: 'A members run of the sync calls (queued, running, completed or failed, its progress, counts and error)',
  errors: ['NOT_FOUND'],
  kind: 'query',
  input: z.strictObject({ id }),
  output: oneResponseSchema(SyncRunSchema),
  rest: {
    method: 'GET',
    path: `${BASE}/sync-runs/:id`,
    params: IdParams,
    query: AssetQuery,
    envelope: 'bare',
    toInput: ({ params }) => params,
  },
});

const ratingSummary = defineCall({
  ...staff,
  access: P.ratings,
  operationId: 'members.ratingSummary',
  summary: 'Ratings: count, average and distribution per member and per office over a date range (or one member)',
  kind: 'query',
  input: RatingSummaryQuerySchema,
  output: oneResponseSchema(RatingSummarySchema),
  rest: { method: 'GET', path: `${BASE}/ratings/statistics/summary`, envelope: 'bare' },
});

const brokerStatistics = defineCall({
  ...staff,
  access: P.brokers,
  operationId: 'members.brokerStatistics',
  summary: 'The Brokers report: per member, leads assigned, accepted, claimed, escalated, response time and rating over a date range',
  description: "Test agents are left out unless `excludeTestAgents=false`; `department` keeps one department's members.",
  kind: 'query',
  input: BrokerStatisticsQuerySchema,
  output: oneResponseSchema(BrokerStatisticsSchema),
  rest: { method: 'GET', path: `${BASE}/statistics/better-agent`, envelope: 'bare' },
});

export const memberCalls = defineCalls('members', {
  bulkUpdate,
  createLoginUrl,
  revokeLoginUrl,
  signInWithLink,
  updatePassword,
  updateWhatsappConfig,
  userOptions,
  ratingSummary,
  brokerStatistics,
  syncNow,
  syncMultiple,
  syncRun,
});
