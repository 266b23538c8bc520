import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachDeps, loggerOptions, type App, type BuildAppOptions } from './app.js';
import { healthDoors } from './modules/health/health.calls.js';
import { registerJobs } from './modules/register.js';
import { drainPlugin } from './plugins/drain.plugin.js';
import { errorHandlerPlugin } from './plugins/error-handler.plugin.js';
import { genRequestId } from './plugins/request-context.plugin.js';

// The worker process (worker.ts, docs/scaling.md): every module's BullMQ workers and the SLA sweep's scheduler, and
// nothing of the API but the health checks, so an orchestrator can watch it. API instances then run with
// RUN_WORKERS=false and only queue.

/** Builds the worker: the same dependencies as the API, the jobs of every module, /api/health and /api/ready. */
export async function buildWorker(options: BuildAppOptions): Promise<App> {
  // Whatever RUN_WORKERS says for the API instances sharing this environment, this process consumes.
  const env = { ...options.env, RUN_WORKERS: true };
  const app = Fastify({
    logger: loggerOptions({ ...options, env }),
    genReqId: genRequestId,
    requestIdHeader: false,
    return503OnClosing: false,
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  attachDeps(app, { ...options, env });
  await drainPlugin(app);
  await errorHandlerPlugin(app);
  registerJobs(app);
  await app.register(healthDoors.routes);
  return app as unknown as App;
}
