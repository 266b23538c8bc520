import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerContract,
  CustomerLoginUrlInputSchema,
  CustomerLoginUrlRevokeQuerySchema,
  CustomerLoginUrlRevokeResultSchema,
  CustomerLoginUrlSchema,
  CustomerPasswordInputSchema,
  CustomerQuickLoginInputSchema,
  CustomerQuickLoginResultSchema,
  CustomerStatusInputSchema,
  oneResponseSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/auth.plugin.js';
import {
  addCustomerCredentials,
  changeCustomerPassword,
  changeCustomerStatus,
  createCustomerLoginUrl,
  revokeCustomerLoginUrl,
  verifyCustomerQuickLogin,
} from './customer-login.service.js';

/** A customer as the engine answers it (the sensitive fields only for callers who may see them). */
const CustomerResponse = oneResponseSchema(customerContract.record);
// Customer calls (docs/api.md 'Other calls'), REST door. The generic engine serves POST customers, PATCH customers/{id},
// GET customers/distinct/{field} and the list and search calls (customer.resource.ts); these are the rest. The services
// check permissions (read: CUSTOMERS_VIEW, LEAD_ADD, LEAD_UPDATE; credentials and links: CUSTOMER_UPDATE).

const BASE = '/api/customers';
const tags = ['customers'];
const IdParams = z.object({ id: z.string().max(100) });
const AssetQuery = z.object({ asset: z.string().optional() });

export async function customerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const call = (req: FastifyRequest) => ({ deps: app.deps, actor: actorOf(req) });

  app.post(
    `${BASE}/login-url`,
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        tags,
        operationId: 'customers.createLoginUrl',
        summary: 'Create a quick-login link for a customer (replaces the previous one)',
        body: CustomerLoginUrlInputSchema,
        querystring: AssetQuery,
        response: { 200: oneResponseSchema(CustomerLoginUrlSchema) },
      },
    },
    async (req) => ({ data: await createCustomerLoginUrl(call(req), req.body) }),
  );
  app.delete(
    `${BASE}/login-url`,
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        tags,
        operationId: 'customers.revokeLoginUrl',
        summary: "Revoke a customer's quick-login link",
        querystring: CustomerLoginUrlRevokeQuerySchema,
        response: { 200: oneResponseSchema(CustomerLoginUrlRevokeResultSchema) },
      },
    },
    async (req) => ({ data: await revokeCustomerLoginUrl(call(req), req.query.customer, req.query.asset) }),
  );
  app.post(
    `${BASE}/quick-login`,
    {
      config: { public: true, errors: ['UNAUTHORIZED'] },
      schema: {
        tags,
        operationId: 'customers.quickLogin',
        summary: 'Prove a quick-login token (the page a link opens calls this; no bearer token)',
        body: CustomerQuickLoginInputSchema,
        response: { 200: oneResponseSchema(CustomerQuickLoginResultSchema) },
      },
    },
    async (req) => ({ data: await verifyCustomerQuickLogin(app.deps, req.body) }),
  );
  app.patch(
    `${BASE}/:id/add-credentials`,
    {
      schema: {
        tags,
        operationId: 'customers.addCredentials',
        summary: 'Give a customer a password and turn the login on',
        params: IdParams,
        body: CustomerPasswordInputSchema,
        querystring: AssetQuery,
        response: { 200: CustomerResponse },
      },
    },
    async (req) => ({ data: await addCustomerCredentials(call(req), req.params.id, req.body) }),
  );
  app.patch(
    `${BASE}/:id/change-password`,
    {
      schema: {
        tags,
        operationId: 'customers.changePassword',
        summary: "Replace a customer's password",
        params: IdParams,
        body: CustomerPasswordInputSchema,
        querystring: AssetQuery,
        response: { 200: CustomerResponse },
      },
    },
    async (req) => ({ data: await changeCustomerPassword(call(req), req.params.id, req.body) }),
  );
  app.patch(
    `${BASE}/:id/change-status`,
    {
      schema: {
        tags,
        operationId: 'customers.changeStatus',
        summary: "Turn a customer's login on or off (off also revokes the quick-login link)",
        params: IdParams,
        body: CustomerStatusInputSchema,
        querystring: AssetQuery,
        response: { 200: CustomerResponse },
      },
    },
    async (req) => ({ data: await changeCustomerStatus(call(req), req.params.id, req.body) }),
  );
}
