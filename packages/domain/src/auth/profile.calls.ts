import { defineCall, defineCalls } from '../calls/define-call.js';
import { listResponseSchema } from '../list/list-response.schema.js';
import { SessionSchema } from './auth.schemas.js';
import {
  AccessLogQuerySchema,
  AccessLogSchema,
  ChangeActiveAssetInputSchema,
  ChangePasswordInputSchema,
  IntercomHashInputSchema,
  IntercomHashSchema,
  ProfileSchema,
  UpdateProfileInputSchema,
} from './profile.schemas.js';

// Profile (docs/api.md 'Other calls'): the caller's own account; every signed-in user may call it.
const tag = 'profile';
const own = { tag, access: 'signed-in', scope: 'none' } as const;

const get = defineCall({
  ...own,
  operationId: 'profile.get',
  summary: 'The caller’s profile',
  kind: 'query',
  output: ProfileSchema,
  rest: { method: 'GET', path: '/api/profile', envelope: 'data' },
});

const update = defineCall({
  ...own,
  operationId: 'profile.update',
  summary: 'Update full name and avatar',
  kind: 'mutation',
  input: UpdateProfileInputSchema,
  output: ProfileSchema,
  rest: { method: 'PATCH', path: '/api/profile', envelope: 'data' },
});

const changePassword = defineCall({
  ...own,
  operationId: 'profile.changePassword',
  summary: 'Change the password; answers a fresh session (every other session is revoked)',
  kind: 'mutation',
  errors: ['RATE_LIMITED'],
  input: ChangePasswordInputSchema,
  output: SessionSchema,
  rest: { method: 'PATCH', path: '/api/profile/change-password', envelope: 'data' },
});

const changeActiveAsset = defineCall({
  ...own,
  operationId: 'profile.changeActiveAsset',
  summary: 'Switch the active asset',
  kind: 'mutation',
  errors: ['NOT_FOUND'],
  input: ChangeActiveAssetInputSchema,
  output: ProfileSchema,
  rest: { method: 'PATCH', path: '/api/profile/change-active-asset', envelope: 'data' },
});

const intercomHash = defineCall({
  ...own,
  operationId: 'profile.intercomHash',
  summary: 'Intercom identity hash of the caller',
  kind: 'mutation',
  input: IntercomHashInputSchema.optional(),
  output: IntercomHashSchema,
  rest: {
    method: 'POST',
    path: '/api/profile/intercom-hash',
    // The original client may post no body at all (Fastify then hands over null).
    body: IntercomHashInputSchema.nullish(),
    envelope: 'data',
    toInput: ({ body }) => body ?? undefined,
  },
});

const accessLogs = defineCall({
  ...own,
  operationId: 'profile.accessLogs',
  summary: 'The caller’s own access log, newest first',
  kind: 'query',
  input: AccessLogQuerySchema.optional(),
  output: listResponseSchema(AccessLogSchema),
  rest: { method: 'GET', path: '/api/profile/access-logs', query: AccessLogQuerySchema, envelope: 'bare', toInput: ({ query }) => query },
});

export const profileCalls = defineCalls('profile', { get, update, changePassword, changeActiveAsset, intercomHash, accessLogs });
