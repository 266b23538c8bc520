import { type AnyCall, type CallGroup, type ExtraRestDoor, oneResponseSchema, restPartsOf } from '@crm/domain';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { assetInReach } from '../core/authorization.js';
import { admitCall } from './call-admission.js';
import type { Admitted, CallContext, CallHandler, CallHandlers } from './call.types.js';

// The REST door of a group of declared calls: one Fastify route per call (and per extra door of a family), its
// schema (so its OpenAPI operation) from the declaration. Admission runs in the route's onRequest, after the auth
// hook resolved the token and before the input is validated, so a caller without the permission is told 403
// whatever they sent (as config.permissions).

const admitted = new WeakMap<FastifyRequest, Admitted>();

interface ParsedParts {
  params?: z.output<z.ZodType>;
  query?: z.output<z.ZodType>;
  body?: z.output<z.ZodType>;
}

type Door = AnyCall['rest'] | ExtraRestDoor;

/** The input the parts make: the door's own mapping where REST declares its parts, else the lone part. */
function inputOf(call: AnyCall, door: Door, parts: ParsedParts): CallContext<AnyCall>['input'] {
  if (!call.input) return undefined;
  if (door.toInput) return door.toInput({ params: parts.params, query: parts.query, body: parts.body });
  return door.method === 'GET' || door.method === 'DELETE' ? parts.query : parts.body;
}

/** Every status the door may answer with its body's schema: one, or each of an outcome's. */
function answersOf(call: AnyCall, door: Door): Record<number, z.ZodType> {
  const outcome = call.rest.outcome;
  if (door === call.rest && outcome) return Object.fromEntries(outcome.statuses.map((status) => [status, outcome.answer]));
  if (door.answer) return { [door.status ?? 200]: door.answer };
  return { [door.status ?? 200]: door.envelope === 'data' ? oneResponseSchema(call.output) : call.output };
}

function routeOf(app: FastifyInstance, call: AnyCall, door: Door, handler: CallHandler<AnyCall>) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { params, query, body } = restPartsOf(call, door);
  const named = 'operationId' in door ? door : call;
  const outcome = door === call.rest ? call.rest.outcome : undefined;
  const inPath = call.scope === 'asset' && Boolean(door.assetParam);
  typed.route({
    method: door.method,
    url: door.path,
    config: { public: call.access === 'public', ...(call.errors ? { errors: call.errors } : {}) },
    schema: {
      tags: [call.tag],
      operationId: named.operationId,
      summary: named.summary,
      ...(named === call && call.description ? { description: call.description } : {}),
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(body ? { body } : {}),
      response: answersOf(call, door),
    },
    onRequest: async (req) => {
      admitted.set(req, admitCall(call, req.actor, req.log, { url: req.url }, inPath));
    },
    handler: async (req, reply) => {
      const scope = admitted.get(req) ?? admitCall(call, req.actor, req.log, { url: req.url }, inPath);
      // The asset the path names, checked once its params are valid (so a bad body is still a 400): the caller's, else 404.
      const asset =
        inPath && door.assetParam && scope.actor
          ? assetInReach(scope.actor, String((req.params as Record<string, unknown>)[door.assetParam]))
          : scope.asset;
      const input = inputOf(call, door, { params: req.params, query: req.query, body: req.body });
      const context = { deps: app.deps, actor: scope.actor, asset, input, request: req, reply };
      const output = await handler(context as CallContext<AnyCall>);
      // An outcome's answer schema keeps only its own fields of the output (the tRPC door may say more).
      reply.status(outcome ? outcome.statusOf(output) : (door.status ?? 200));
      return door.envelope === 'data' ? { data: output } : output;
    },
  });
}

/** The Fastify plugin serving every call of the group. */
export function callRoutes<G extends CallGroup>(group: G, handlers: CallHandlers<G>): FastifyPluginAsync {
  return async (app) => {
    for (const name of Object.keys(group.calls)) {
      const call = group.calls[name] as AnyCall;
      const handler = handlers[name] as CallHandler<AnyCall>;
      for (const door of [call.rest, ...(call.restAlso ?? [])]) routeOf(app, call, door, handler);
    }
  };
}
