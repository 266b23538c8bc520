import { buildApp } from './app.js';
import { EnvError, loadEnv, type Env } from './env.js';
import { ensureDatabase, migrate } from './db/migrator.js';
import { installShutdownHandlers } from './core/shutdown.js';
import { seedIfEmpty } from './seed/demo-data.js';
import { withServerSecrets } from './core/server-secrets.js';
import { releaseAfterBulkWork } from './core/memory-release.js';

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
  await ensureDatabase(env.DATABASE_URL);
  await migrate(env.DATABASE_URL);
  // Unset secrets (development) are generated once and kept in the database, never the repository's.
  env = await withServerSecrets(env, env.DATABASE_URL);
  const app = await buildApp({ env });
  // `npm start` fills an empty database with the demo data (never touches a populated one); a production database
  // only when SEED_DEMO=true says so.
  const seedDemo = env.SEED_DEMO ?? env.NODE_ENV !== 'production';
  if (seedDemo && (await seedIfEmpty(app.deps.db))) app.log.info('empty database: demo data loaded');
  // SIGTERM/SIGINT: 503 to new requests, in-flight ones finish, workers, Redis and the database close.
  installShutdownHandlers(app, { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, graceMs: env.SHUTDOWN_GRACE_MS });
  await app.listen({ port: env.PORT, host: env.HOST });
  // Start-up (migrations, loading every module, a seed) is bulk work: its garbage is handed back before serving.
  releaseAfterBulkWork();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
