import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, readMigrations } from '../src/db/migrator.js';

// Every test file gets its own database, cloned from a template built once from prisma/migrations, so
// files run in parallel without seeing each other's rows.
function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

async function adminQuery<T extends pg.QueryResultRow>(adminUrl: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query<T>(sql, params);
  } finally {
    await client.end();
  }
}

export async function prepareTemplateDatabase(adminUrl: string): Promise<string> {
  const migrations = readMigrations();
  const digest = createHash('sha256')
    .update(migrations.map((m: { checksum: string }) => m.checksum).join())
    .digest('hex')
    .slice(0, 12);
  const name = `crm_template_${digest}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(4242001)');
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name}"`);
      try {
        await migrate(withDatabase(adminUrl, name), migrations);
      } catch (error) {
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(4242001)').catch(() => undefined);
    await client.end();
  }
  return name;
}

export interface TestDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.TEST_TEMPLATE_DB;
  if (!adminUrl || !template) throw new Error('test globalSetup did not run (TEST_DATABASE_URL / TEST_TEMPLATE_DB missing)');
  const name = `crm_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  // CREATE DATABASE ... TEMPLATE fails while another session is connected to the template: retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      break;
    } catch (error) {
      if (attempt >= 20 || (error as { code?: string }).code !== '55006') throw error;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
