import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { RoleIdInputSchema, RoleInputSchema, RoleRecordSchema, RoleUpdateCallInputSchema } from './role.contract.js';

// Admin > User Roles (docs/api.md 'Users and roles'): create, change the matrix, remove. The lists are the generic
// resource's (GET user-roles...). Roles are the company's.
const admin = { tag: 'admin', access: [P.ROLES_VIEW], scope: 'company', errors: ['CONFLICT'] } as const;
const params = z.object({ id: z.string().max(100) });

const add = defineCall({
  ...admin,
  operationId: 'roles.create',
  summary: 'Create a role',
  kind: 'mutation',
  input: RoleInputSchema,
  output: RoleRecordSchema,
  rest: { method: 'POST', path: '/api/user-roles/create', status: 201, envelope: 'data' },
});

const change = defineCall({
  ...admin,
  operationId: 'roles.update',
  summary: "Change a role's name and permissions",
  kind: 'mutation',
  input: RoleUpdateCallInputSchema,
  output: RoleRecordSchema,
  rest: {
    method: 'PATCH',
    path: '/api/user-roles/:id/matrix',
    params,
    body: RoleInputSchema,
    envelope: 'data',
    toInput: ({ params, body }) => ({ id: params.id, data: body }),
  },
});

const removeRole = defineCall({
  ...admin,
  operationId: 'roles.remove',
  summary: 'Remove a role no user holds',
  kind: 'mutation',
  input: RoleIdInputSchema,
  output: RoleRecordSchema,
  rest: { method: 'POST', path: '/api/user-roles/:id/remove', params, envelope: 'data', toInput: ({ params }) => params },
});

export const roleCalls = defineCalls('roles', { add, change, removeRole });
