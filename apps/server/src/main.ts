import { buildApp } from './app.js';
import { EnvError, loadEnv } from './env.js';
import { ensureDatabase, migrate } from './db/migrator.js';

async function main() {
  let env;
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
  const app = await buildApp({ env });
  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
