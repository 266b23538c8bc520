import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { oneResponseSchema } from '../list/list-response.schema.js';
import {
  CUSTOMER_CALL_PERMISSIONS as P,
  CustomerLoginUrlInputSchema,
  CustomerLoginUrlRevokeQuerySchema,
  CustomerLoginUrlRevokeResultSchema,
  CustomerLoginUrlSchema,
  CustomerPasswordInputSchema,
  CustomerQuickLoginInputSchema,
  CustomerQuickLoginResultSchema,
  CustomerStatusInputSchema,
} from './customer-calls.schemas.js';
import { customerContract } from './customer.contract.js';

// A customer's own login (docs/api.md 'Other calls'): credentials, the login switch and the quick-login link. The
// generic engine serves the rest (customer.resource.ts). Both doors answer `{ data }` (the tRPC procedures always
// did), so the output is the envelope and REST sends it bare.
const BASE = '/api/customers';
const tag = 'customers';
const id = z.string().max(100);
const IdParams = z.object({ id });
const AssetQuery = z.object({ asset: z.string().optional() });
const CustomerAnswer = oneResponseSchema(customerContract.record);
const staff = { tag, access: P.update, scope: 'asset' } as const;

const createLoginUrl = defineCall({
  ...staff,
  operationId: 'customers.createLoginUrl',
  summary: 'Create a quick-login link for a customer (replaces the previous one)',
  errors: ['NOT_FOUND'],
  kind: 'mutation',
  input: CustomerLoginUrlInputSchema,
  output: oneResponseSchema(CustomerLoginUrlSchema),
  rest: {
    method: 'POST',
    path: `${BASE}/login-url`,
    query: AssetQuery,
    body: CustomerLoginUrlInputSchema,
    envelope: 'bare',
    toInput: ({ body }) => body,
  },
});

const revokeLoginUrl = defineCall({
  ...staff,
  operationId: 'customers.revokeLoginUrl',
  summary: "Revoke a customer's quick-login link",
  errors: ['NOT_FOUND'],
  kind: 'mutation',
  input: z.strictObject({ customer: id }),
  output: oneResponseSchema(CustomerLoginUrlRevokeResultSchema),
  rest: {
    method: 'DELETE',
    path: `${BASE}/login-url`,
    // Its `asset` is the tenancy the auth hook already resolved the caller in.
    query: CustomerLoginUrlRevokeQuerySchema,
    envelope: 'bare',
    toInput: ({ query }) => ({ customer: query.customer }),
  },
});

const quickLogin = defineCall({
  operationId: 'customers.quickLogin',
  summary: 'Prove a quick-login token (the page a link opens calls this; no bearer token)',
  tag,
  access: 'public',
  scope: 'none',
  errors: ['UNAUTHORIZED'],
  kind: 'mutation',
  input: CustomerQuickLoginInputSchema,
  output: oneResponseSchema(CustomerQuickLoginResultSchema),
  rest: { method: 'POST', path: `${BASE}/quick-login`, envelope: 'bare' },
});

const idCall = <S extends z.ZodObject>(body: S, path: string) =>
  ({
    method: 'PATCH',
    path: `${BASE}/:id/${path}`,
    params: IdParams,
    query: AssetQuery,
    body,
    envelope: 'bare',
  }) as const;

const addCredentials = defineCall({
  ...staff,
  operationId: 'customers.addCredentials',
  summary: 'Give a customer a password and turn the login on',
  kind: 'mutation',
  input: CustomerPasswordInputSchema.extend({ id }),
  output: CustomerAnswer,
  rest: { ...idCall(CustomerPasswordInputSchema, 'add-credentials'), toInput: ({ params, body }) => ({ ...body, id: params.id }) },
});

const changePassword = defineCall({
  ...staff,
  operationId: 'customers.changePassword',
  summary: "Replace a customer's password",
  kind: 'mutation',
  input: CustomerPasswordInputSchema.extend({ id }),
  output: CustomerAnswer,
  rest: { ...idCall(CustomerPasswordInputSchema, 'change-password'), toInput: ({ params, body }) => ({ ...body, id: params.id }) },
});

const changeStatus = defineCall({
  ...staff,
  operationId: 'customers.changeStatus',
  summary: "Turn a customer's login on or off (off also revokes the quick-login link)",
  kind: 'mutation',
  input: CustomerStatusInputSchema.extend({ id }),
  output: CustomerAnswer,
  rest: { ...idCall(CustomerStatusInputSchema, 'change-status'), toInput: ({ params, body }) => ({ ...body, id: params.id }) },
});

export const customerCalls = defineCalls('customers', {
  createLoginUrl,
  revokeLoginUrl,
  addCredentials,
  changePassword,
  changeStatus,
  quickLogin,
});
