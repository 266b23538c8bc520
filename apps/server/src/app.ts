import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { createDb, type Db } from './db/prisma.js';
import { closeRedis, createRedis } from './core/redis.js';
import { systemClock, type AppDeps, type Clock } from './core/deps.js';
import { createJobsRegistry } from './core/jobs/jobs-registry.js';
import { logMails } from './modules/auth/mail-log.js';
import { createMailer, withAssetTransport, type Mailer } from './core/mailer.js';
import { sendGridMailTransport } from './modules/integrations/providers/sendgrid/sendgrid-mail.js';
import type { Env } from './env.js';
import { registerCore } from './plugins/core.plugin.js';
import { applyHttpLimits, httpServerOptions } from './core/http-limits.js';
import { genRequestId } from './plugins/request-context.plugin.js';
import { OPENAPI_TAGS, registerApiModules, SUBSCRIBERS } from './modules/register.js';
import { createEventBus, type EventBus } from './core/events/domain-event.types.js';

export interface BuildAppOptions {
  env: Env;
  /** Share connections built elsewhere (tests); otherwise the app opens and owns them. */
  db?: Db;
  redis?: Redis;
  clock?: Clock;
  /** The transport: tests pass a memory or a local SMTP one; otherwise SMTP when SMTP_URL is set, else the outbox (core/mailer.ts). */
  mailer?: Mailer;
  /** The subscribers of domain events: every module's unless given (a test that dies between commit and delivery). */
  events?: EventBus;
  logger?: boolean;
  /** Where pino writes (tests capture log lines with it); stdout by default. */
  loggerStream?: DestinationStream;
}

export type App = FastifyInstance & { deps: AppDeps };

export function loggerOptions(options: BuildAppOptions): FastifyServerOptions['logger'] {
  if (options.logger === false) return false;
  return {
    level: options.env.LOG_LEVEL,
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-api-key"]',
      // Integration credentials (modules/integrations): never in a log line, wherever a caller puts them.
      'secrets',
      '*.secrets',
      '*.*.secrets',
    ],
    ...(options.loggerStream ? { stream: options.loggerStream } : {}),
  };
}

/**
 * Opens (or takes from the options) the database, Redis, the jobs registry and the mailer, decorates the app with
 * them, and closes what it opened when the app closes. Shared by the API (buildApp) and the worker (worker-app.ts).
 */
export function attachDeps(app: FastifyInstance, options: BuildAppOptions): AppDeps {
  const { env } = options;
  const ownsDb = !options.db;
  const ownsRedis = !options.redis;
  const log = app.log as unknown as AppDeps['log'];
  const redis = options.redis ?? createRedis(env.REDIS_URL);
  const db = options.db ?? createDb(env.DATABASE_URL);
  const deps: AppDeps = {
    env,
    db,
    redis,
    clock: options.clock ?? systemClock,
    log,
    events: options.events ?? createEventBus(SUBSCRIBERS),
    // Every mail leaves its notification log row (modules/auth/mail-log.ts), whichever transport sends it; an asset's
    // mails go through its own mail provider when it has one (SendGrid), others through the server's.
    mailer: logMails(
      withAssetTransport(options.mailer ?? createMailer(env, log), (assetId) => sendGridMailTransport(deps, assetId)),
      { db, log },
    ),
    jobs: createJobsRegistry({
      redisUrl: env.REDIS_URL,
      prefix: env.REDIS_PREFIX,
      redis,
      runWorkers: env.RUN_WORKERS,
      log,
      closeTimeoutMs: env.JOBS_CLOSE_TIMEOUT_MS,
      deps: () => deps,
    }),
  };
  app.decorate('deps', deps);
  // Registered first, so it runs after every plugin's own onClose (and after in-flight requests ended):
  // workers (bounded), queues, then Redis and the database.
  app.addHook('onClose', async () => {
    await deps.jobs.close();
    if (ownsRedis) await closeRedis(deps.redis);
    if (ownsDb) await deps.db.$disconnect();
  });
  return deps;
}

/** Builds the whole server as one Fastify instance; `main.ts` only listens. Register order is explicit. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { env } = options;
  const app = Fastify({
    logger: loggerOptions(options),
    // Every log line carries `reqId`; the same id is echoed in `x-request-id` (plugins/request-context).
    genReqId: genRequestId,
    requestIdHeader: false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // tRPC batches name every procedure in the path (`/trpc/a,b,c`): the 100-character default is too short.
    routerOptions: { maxParamLength: 5000 },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Timeouts, header size and the envelope for requests Node refuses (core/http-limits.ts).
    ...httpServerOptions,
    // The drain plugin answers 503 in the envelope while closing; Fastify's own bare 503 would pre-empt it.
    return503OnClosing: false,
    // One line per request, with secrets taken out of its URL (plugins/request-context.plugin.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Reject, never silently drop, what the schema does not name (ajv strips unknown properties by default).
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Bodies are JSON (or multipart where a route uploads): anything else answers 415 (docs/api.md 'Headers').
  app.removeContentTypeParser('text/plain');
  applyHttpLimits(app);

  attachDeps(app, options);
  await registerCore(app, { openapiTags: OPENAPI_TAGS });
  await registerApiModules(app);
  return app as unknown as App;
}
