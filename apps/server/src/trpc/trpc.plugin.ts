import { pathOnly, recordSystemLog } from '../core/system-log.js';
import type { FastifyInstance } from 'fastify';
import type { AnyRouter } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { TRPC_MAX_BATCH } from '@crm/domain';
import { appRouter } from './app-router.js';
import { createContextFactory } from './trpc.js';

export interface TrpcPluginOptions {
  /** Tests mount a small router of their own at another path; the app mounts `appRouter` at /trpc. */
  router?: AnyRouter;
  /** Not `prefix`: Fastify's register() would apply that one a second time. */
  basePath?: string;
}

/** The tRPC door at /trpc, onto the same services as the REST routes. */
export async function trpcPlugin(app: FastifyInstance, options: TrpcPluginOptions = {}) {
  const router = options.router ?? appRouter;
  await app.register(fastifyTRPCPlugin, {
    prefix: options.basePath ?? '/trpc',
    trpcOptions: {
      router,
      // A batch is one request: bounded, so thirty list calls cannot share one answer's memory.
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: createContextFactory(app),
      // A database or Redis that did not answer: the caller may retry shortly (the REST door sends the same).
      responseMeta: ({ errors }) => (errors.some((e) => e.code === 'SERVICE_UNAVAILABLE') ? { headers: { 'retry-after': '5' } } : {}),
      onError: ({ error, path, req }) => {
        if (error.code !== 'INTERNAL_SERVER_ERROR') return;
        app.log.error({ err: error, path }, 'trpc call failed');
        void recordSystemLog(app.deps, {
          source: 'http',
          event: 'trpc.failed',
          message: `${path ?? 'tRPC'}: ${error.message}`,
          requestId: String(req.id),
          method: req.method,
          url: pathOnly(req.url),
          status: 500,
          companyId: req.actor?.companyId ?? null,
          assetId: req.actor?.assetId ?? null,
          userId: req.actor?.userId ?? null,
        });
      },
    } satisfies FastifyTRPCPluginOptions<AnyRouter>['trpcOptions'],
  });
}
