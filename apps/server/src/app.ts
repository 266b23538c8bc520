import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createDb, type Db } from './db/prisma.js';
import { createRedis } from './core/redis.js';
import { systemClock, type AppDeps, type Clock } from './core/deps.js';
import type { Env } from './env.js';
import { registerCore } from './plugins/core.plugin.js';
import { registerApiModules } from './modules/register.js';

export interface BuildAppOptions {
  env: Env;
  /** Share connections built elsewhere (tests); otherwise the app opens and owns them. */
  db?: Db;
  redis?: Redis;
  clock?: Clock;
  logger?: boolean;
}

export type App = FastifyInstance & { deps: AppDeps };

/** Builds the whole server as one Fastify instance; `main.ts` only listens. Register order is explicit. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: env.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64 ? req.headers['x-request-id'] : randomUUID()),
    requestIdHeader: false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Reject, never silently drop, what the schema does not name (NOTES.md: ajv strips by default).
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDb = !options.db;
  const ownsRedis = !options.redis;
  const deps: AppDeps = {
    env,
    db: options.db ?? createDb(env.DATABASE_URL),
    redis: options.redis ?? createRedis(env.REDIS_URL),
    clock: options.clock ?? systemClock,
    log: app.log as unknown as AppDeps['log'],
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    if (ownsRedis) deps.redis.disconnect();
    if (ownsDb) await deps.db.$disconnect();
  });

  await registerCore(app);
  await registerApiModules(app);
  return app as unknown as App;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
