import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { ApiKeyCreatedSchema, ApiKeyCreateInputSchema, ApiKeyIdInputSchema, ApiKeyRecordSchema } from './api-key.contract.js';

// API keys' own calls (docs/api.md 'API keys'): create (the secret answered once) and revoke. The lists are the
// generic resource's (GET api-keys...).
const admin = [P.INTEGRATIONS_VIEW] as const;

const create = defineCall({
  operationId: 'apiKeys.create',
  summary: 'Create an API key (its secret is in this answer only)',
  tag: 'api-keys',
  access: admin,
  scope: 'asset',
  kind: 'mutation',
  input: ApiKeyCreateInputSchema,
  output: ApiKeyCreatedSchema,
  rest: { method: 'POST', path: '/api/api-keys/create', status: 201, envelope: 'data' },
});

const revoke = defineCall({
  operationId: 'apiKeys.revoke',
  summary: 'Revoke an API key (it answers 401 from then on)',
  tag: 'api-keys',
  access: admin,
  scope: 'asset',
  kind: 'mutation',
  input: ApiKeyIdInputSchema,
  output: ApiKeyRecordSchema,
  rest: {
    method: 'POST',
    path: '/api/api-keys/:id/revoke',
    params: z.object({ id: z.string().max(100) }),
    envelope: 'data',
    toInput: ({ params }) => params,
  },
});

export const apiKeyCalls = defineCalls('apiKeys', { create, revoke });
