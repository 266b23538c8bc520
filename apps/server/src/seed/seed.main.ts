import { ensureDatabase, migrate } from '../db/migrator.js';
import { createDb } from '../db/prisma.js';
import { EnvError, loadEnv } from '../env.js';
import { seedDemoData } from './demo-data.js';
import { DEMO_PASSWORD } from './demo-fixtures.js';

// `npm run seed`: (re)creates the demo data (docs/api.md 'Demo data') in DATABASE_URL, creating and migrating it first.
async function main(): Promise<void> {
  const env = loadEnv();
  await ensureDatabase(env.DATABASE_URL);
  await migrate(env.DATABASE_URL);
  const db = createDb(env.DATABASE_URL, { max: 2 });
  try {
    const summary = await seedDemoData(db);
    for (const asset of summary.assets) console.log(`seeded ${asset.name}: ${asset.leads} leads, ${asset.customers} customers`);
    console.log(`users (password ${DEMO_PASSWORD}): ${summary.users.join(', ')}`);
  } finally {
    await db.$disconnect();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  },
);
