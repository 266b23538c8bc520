import { type AnyCall, type CallGroup, oneResponseSchema, restPartsOf } from '@crm/domain';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { admitCall } from './call-admission.js';
import type { Admitted, CallContext, CallHandler, CallHandlers } from './call.types.js';

// The REST door of a group of declared calls: one Fastify route per call, its schema (so its OpenAPI operation)
// from the declaration. Admission runs in the route's onRequest, after the auth hook resolved the token and before
// the input is validated, so a caller without the permission is told 403 whatever they sent (as config.permissions).

const admitted = new WeakMap<FastifyRequest, Admitted>();

interface ParsedParts {
  params?: z.output<z.ZodType>;
  query?: z.output<z.ZodType>;
  body?: z.output<z.ZodType>;
}

/** The input the parts make: the declaration's own mapping where REST declares its parts, else the lone part. */
function inputOf(call: AnyCall, parts: ParsedParts): CallContext<AnyCall>['input'] {
  if (!call.input) return undefined;
  if (call.rest.toInput) return call.rest.toInput({ params: parts.params, query: parts.query, body: parts.body });
  return call.rest.method === 'GET' || call.rest.method === 'DELETE' ? parts.query : parts.body;
}

function routeOf(app: FastifyInstance, call: AnyCall, handler: CallHandler<AnyCall>) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { params, query, body } = restPartsOf(call);
  const status = call.rest.status ?? 200;
  const answer = call.rest.envelope === 'data' ? oneResponseSchema(call.output) : call.output;
  typed.route({
    method: call.rest.method,
    url: call.rest.path,
    config: { public: call.access === 'public', ...(call.errors ? { errors: call.errors } : {}) },
    schema: {
      tags: [call.tag],
      operationId: call.operationId,
      summary: call.summary,
      ...(call.description ? { description: call.description } : {}),
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(body ? { body } : {}),
      response: { [status]: answer },
    },
    onRequest: async (req) => {
      admitted.set(req, admitCall(call, req.actor, req.log, { url: req.url }));
    },
    handler: async (req, reply) => {
      const scope = admitted.get(req) ?? admitCall(call, req.actor, req.log, { url: req.url });
      const input = inputOf(call, { params: req.params, query: req.query, body: req.body });
      const context = { deps: app.deps, actor: scope.actor, asset: scope.asset, input, request: req, reply };
      const output = await handler(context as CallContext<AnyCall>);
      reply.status(status);
      return call.rest.envelope === 'data' ? { data: output } : output;
    },
  });
}

/** The Fastify plugin serving every call of the group. */
export function callRoutes<G extends CallGroup>(group: G, handlers: CallHandlers<G>): FastifyPluginAsync {
  return async (app) => {
    for (const name of Object.keys(group.calls)) {
      routeOf(app, group.calls[name] as AnyCall, handlers[name] as CallHandler<AnyCall>);
    }
  };
}
