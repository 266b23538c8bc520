import { z } from 'zod';
import { SessionSchema } from '../auth/auth.schemas.js';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import {
  AcceptInviteInputSchema,
  UserCreateInputSchema,
  UserDetailSchema,
  UserIdInputSchema,
  UserInviteInputSchema,
  UserLinkSchema,
  UserStatusCallInputSchema,
  UserStatusInputSchema,
  UserUpdateCallInputSchema,
  UserUpdateInputSchema,
} from './user.contract.js';

// Admin > Users (docs/api.md 'Users and roles'): the writes and the edit form's read. The lists are the generic
// resource's (GET users...). Accepting an invitation is public: the link's token is the credential.
const admin = { tag: 'admin', access: [P.USERS_VIEW], scope: 'company' } as const;
const params = z.object({ id: z.string().max(100) });

const detail = defineCall({
  ...admin,
  operationId: 'users.detail',
  summary: 'A user with their assets',
  kind: 'query',
  input: UserIdInputSchema,
  output: UserDetailSchema,
  rest: { method: 'GET', path: '/api/users/:id/detail', params, envelope: 'data', toInput: ({ params }) => params },
});

const invite = defineCall({
  ...admin,
  operationId: 'users.invite',
  summary: 'Invite a user (answers the single-use link)',
  errors: ['CONFLICT', 'NOT_FOUND'],
  kind: 'mutation',
  input: UserInviteInputSchema,
  output: UserLinkSchema,
  rest: { method: 'POST', path: '/api/users/invite', status: 201, envelope: 'data' },
});

const createWithPassword = defineCall({
  ...admin,
  operationId: 'users.create',
  summary: 'Create a user with a password',
  errors: ['CONFLICT', 'NOT_FOUND'],
  kind: 'mutation',
  input: UserCreateInputSchema,
  output: UserDetailSchema,
  rest: { method: 'POST', path: '/api/users/create', status: 201, envelope: 'data' },
});

const change = defineCall({
  ...admin,
  operationId: 'users.update',
  summary: 'Change name, role and assets',
  errors: ['CONFLICT'],
  kind: 'mutation',
  input: UserUpdateCallInputSchema,
  output: UserDetailSchema,
  rest: {
    method: 'PATCH',
    path: '/api/users/:id/account',
    params,
    body: UserUpdateInputSchema,
    envelope: 'data',
    toInput: ({ params, body }) => ({ id: params.id, data: body }),
  },
});

const setStatus = defineCall({
  ...admin,
  operationId: 'users.status',
  summary: 'Enable or disable a user',
  errors: ['CONFLICT'],
  kind: 'mutation',
  input: UserStatusCallInputSchema,
  output: UserDetailSchema,
  rest: {
    method: 'PATCH',
    path: '/api/users/:id/status',
    params,
    body: UserStatusInputSchema,
    envelope: 'data',
    toInput: ({ params, body }) => ({ id: params.id, enabled: body.enabled }),
  },
});

const resetPassword = defineCall({
  ...admin,
  operationId: 'users.resetPassword',
  summary: 'End the sessions, mail the user a link to a new password and answer it',
  kind: 'mutation',
  input: UserIdInputSchema,
  output: UserLinkSchema,
  rest: { method: 'POST', path: '/api/users/:id/reset-password', params, envelope: 'data', toInput: ({ params }) => params },
});

const acceptInvite = defineCall({
  operationId: 'auth.acceptInvite',
  summary: 'Choose a password with an invitation link and sign in',
  tag: 'auth',
  access: 'public',
  scope: 'none',
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
  kind: 'mutation',
  input: AcceptInviteInputSchema,
  output: SessionSchema,
  rest: { method: 'POST', path: '/api/auth/accept-invite', envelope: 'data' },
});

export const userCalls = defineCalls('users', { detail, invite, createWithPassword, change, setStatus, resetPassword, acceptInvite });
