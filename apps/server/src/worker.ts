import { EnvError, loadEnv, type Env } from './env.js';
import { ensureDatabase, migrate } from './db/migrator.js';
import { installShutdownHandlers } from './core/shutdown.js';
import { withServerSecrets } from './core/server-secrets.js';
import { buildWorker } from './worker-app.js';
import { releaseAfterBulkWork } from './core/memory-release.js';

// `npm run worker -w @crm/server` (apps/server/bin/worker.sh, dist/worker.js): the background workers on their own,
// beside API instances started with RUN_WORKERS=false (docs/scaling.md). Same environment as the API; WORKER_PORT
// serves /api/health and /api/ready (0: no listener).
async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Migrations take an advisory lock: the worker may start before, after or with the API instances.
  await ensureDatabase(env.DATABASE_URL);
  await migrate(env.DATABASE_URL);
  env = await withServerSecrets(env, env.DATABASE_URL);
  const worker = await buildWorker({ env });
  // SIGTERM/SIGINT: active jobs get JOBS_CLOSE_TIMEOUT_MS to finish (the rest are retried by another worker), then
  // Redis and the database close.
  installShutdownHandlers(worker, { timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
  if (env.WORKER_PORT) await worker.listen({ port: env.WORKER_PORT, host: env.HOST });
  else await worker.ready();
  // Start-up (migrations, loading every module, a seed) is bulk work: its garbage is handed back before serving.
  releaseAfterBulkWork();
  worker.log.info({ event: 'worker.started' }, 'workers started');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
