import { startTestServices } from './test-services.js';
import { prepareTemplateDatabase } from './test-database.js';

// Runs once per vitest run: finds (or starts) the services, builds the migrated template database once,
// and hands the URLs to every test file through the environment.
export default async function globalSetup() {
  const services = await startTestServices();
  process.env.TEST_DATABASE_URL = services.pgAdminUrl;
  process.env.TEST_REDIS_URL = services.redisUrl;
  process.env.TEST_TEMPLATE_DB = await prepareTemplateDatabase(services.pgAdminUrl);
  return async () => services.stop();
}
