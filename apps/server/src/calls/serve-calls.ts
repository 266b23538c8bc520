import type { CallGroup } from '@crm/domain';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { FastifyPluginAsync } from 'fastify';
import { callProcedures } from './call-procedures.js';
import { callRoutes } from './call-routes.js';
import type { CallHandlers } from './call.types.js';

/** Both doors of a module's declared calls from one handler map: its REST routes and its tRPC procedures. */
export function serveCalls<G extends CallGroup>(group: G, handlers: CallHandlers<G>) {
  return { group, routes: callRoutes(group, handlers), procedures: callProcedures(group, handlers) };
}

/** What the composition root and the doors' test read of a served group. */
export interface ServedCalls {
  group: CallGroup;
  routes: FastifyPluginAsync;
  procedures: Readonly<Record<string, AnyTRPCProcedure>>;
}
