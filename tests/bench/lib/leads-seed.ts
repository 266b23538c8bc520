import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { CONTACT_TYPES, LEAD_DEFAULT_SOURCES } from '@crm/domain';

// Leads for the benchmarks, made inside PostgreSQL (INSERT ... SELECT generate_series): one big asset beside
// smaller ones, with team members, customers, listings, projects and developers to match. Ids are md5 of a
// name, so leads can point at customers, agents, listings and projects without shipping id lists around.
// Distributions are skewed the way a real CRM's are: most leads recent and Open, a few sources dominant.

export interface SeededAsset {
  id: string;
  name: string;
  leads: number;
  /** Agents of the asset that are isTest (the report excludes their leads by default). */
  testAgentIds: string[];
  /** Members who receive leads automatically (enabled, not test, lead process on). */
  eligibleAgents: number;
  customers: number;
}

export interface SeededLeads {
  companyId: string;
  userId: string;
  assets: SeededAsset[];
  seconds: number;
}

const OFFICES = ['Marina', 'Downtown', 'JLT', 'Business Bay', 'Palm'];
const MANAGERS = 5;
const AGENTS = 60;
const TEST_AGENTS = 3;
const DISABLED_AGENTS = 2;
const DEVELOPERS = 20;
const PROJECTS = 100;
const LISTINGS = 5000;
const CHUNK = 100_000;
/**
 * Connections writing lead chunks and building indexes at once (BENCH_SEED_CONNECTIONS, 4 by default; the bench
 * pool holds 10, one of them the seeding's own): 10,000,000 leads is a hundred chunks.
 */
const SEED_CONNECTIONS = Math.max(1, Math.min(8, Number(process.env.BENCH_SEED_CONNECTIONS ?? 4)));

/** A CASE over one uniform random column picking values by weight. */
function weighted(random: string, choices: readonly (readonly [string, number])[]): string {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let acc = 0;
  const arms = choices.map(([value, weight]) => {
    acc += weight / total;
    return `WHEN ${random} < ${acc.toFixed(6)} THEN '${value.replace(/'/g, "''")}'`;
  });
  return `(CASE ${arms.join(' ')} ELSE '${(choices.at(-1)?.[0] ?? '').replace(/'/g, "''")}' END)`;
}

const idOf = (kind: string, assetKey: string, n: string) => `md5('${kind}-${assetKey}-' || (${n})::text)::uuid`;

const STAGES: [string, number][] = [
  ['New', 34],
  ['Qualified', 18],
  ['Viewing', 12],
  ['Offer', 7],
  ['Reserved', 4],
  ['Deal', 5],
  ['Client Connected To Agent', 8],
  ['Unsuccessful', 8],
  ['Closed', 4],
];
const SOURCES: [string, number][] = LEAD_DEFAULT_SOURCES.map((s, i) => [s, [8, 10, 3, 9, 6, 4, 3, 22, 5, 2, 24, 4][i] ?? 1]);
const CONTACTS: [string, number][] = CONTACT_TYPES.map((c, i) => [c, [50, 15, 25, 10][i] ?? 1]);
const CHANNELS: [string, number][] = [
  ['Organic', 40],
  ['Paid', 35],
  ['Social', 15],
  ['Email', 10],
];
const LOCATIONS: [string, number][] = [
  ['Dubai Marina', 20],
  ['Downtown Dubai', 18],
  ['JLT', 12],
  ['Business Bay', 14],
  ['Palm Jumeirah', 10],
  ['JVC', 16],
  ['Arabian Ranches', 10],
];

async function seedAsset(
  pool: pg.Pool,
  client: pg.PoolClient,
  companyId: string,
  asset: { id: string; key: string; name: string; leads: number; customers: number },
): Promise<SeededAsset> {
  const { id: assetId, key } = asset;
  await client.query(`INSERT INTO "Asset" (id, "companyId", name, "updatedAt") VALUES ($1, $2, $3, now())`, [
    assetId,
    companyId,
    asset.name,
  ]);
  // Managers (no reportedTo, no automatic leads), then agents reporting to them; a few test and disabled ones.
  await client.query(
    `INSERT INTO "TeamMember" (id, "companyId", "assetId", name, "officeName", enabled, "isLeadProcessEnabled", "updatedAt")
     SELECT ${idOf('mgr', key, 'g')}, $1, $2, 'Manager ' || g, (ARRAY[${OFFICES.map((o) => `'${o}'`).join(',')}])[1 + g % ${OFFICES.length}], true, false, now()
     FROM generate_series(1, ${MANAGERS}) g`,
    [companyId, assetId],
  );
  await client.query(
    `INSERT INTO "TeamMember" (id, "companyId", "assetId", name, "officeName", enabled, "isTest", "isLeadProcessEnabled", "reportedToId", "updatedAt")
     SELECT ${idOf('agent', key, 'g')}, $1, $2, 'Agent ' || g, (ARRAY[${OFFICES.map((o) => `'${o}'`).join(',')}])[1 + g % ${OFFICES.length}],
            g > ${TEST_AGENTS + DISABLED_AGENTS} OR g <= ${TEST_AGENTS}, g <= ${TEST_AGENTS}, true, ${idOf('mgr', key, `1 + g % ${MANAGERS}`)}, now()
     FROM generate_series(1, ${AGENTS}) g`,
    [companyId, assetId],
  );
  await client.query(
    `INSERT INTO "Developer" (id, "companyId", "assetId", name, "updatedAt") SELECT ${idOf('dev', key, 'g')}, $1, $2, 'Developer ' || g, now() FROM generate_series(1, ${DEVELOPERS}) g`,
    [companyId, assetId],
  );
  await client.query(
    `INSERT INTO "Project" (id, "companyId", "assetId", name, slug, "developerId", "campaignName", city, "updatedAt")
     SELECT ${idOf('proj', key, 'g')}, $1, $2, 'Project ' || g, 'project-' || g, ${idOf('dev', key, `1 + g % ${DEVELOPERS}`)}, 'Campaign ' || (g % 30), 'Dubai', now()
     FROM generate_series(1, ${PROJECTS}) g`,
    [companyId, assetId],
  );
  await client.query(
    `INSERT INTO "Listing" (id, "companyId", "assetId", reference, "leadType", city, location, price, "agentId", "updatedAt")
     SELECT ${idOf('lst', key, 'g')}, $1, $2, 'REF-' || lpad(g::text, 6, '0'), CASE WHEN g % 3 = 0 THEN 'Rent' ELSE 'Sale' END, 'Dubai', 'Dubai Marina',
            500000 + (g % 200) * 25000, ${idOf('agent', key, `${TEST_AGENTS + DISABLED_AGENTS + 1} + g % ${AGENTS - TEST_AGENTS - DISABLED_AGENTS}`)}, now()
     FROM generate_series(1, ${LISTINGS}) g`,
    [companyId, assetId],
  );
  await client.query(
    `INSERT INTO "Customer" (id, "companyId", "assetId", "customerID", "firstName", "lastName", "fullName", "phoneCode", phone, "phoneNumber", email, type, "updatedAt")
     SELECT ${idOf('cust', key, 'g')}, $1, $2, 'C-' || lpad(g::text, 7, '0'), 'First' || g, 'Last' || g, 'First' || g || ' Last' || g, '+971',
            '50' || lpad(g::text, 7, '0'), '+97150' || lpad(g::text, 7, '0'), 'customer' || g || '@example.com',
            CASE WHEN g % 50 = 0 THEN 'Spam' WHEN g % 20 = 0 THEN 'External Agent' ELSE 'Client' END, now()
     FROM generate_series(1, $3::int) g`,
    [companyId, assetId, asset.customers],
  );

  // Leads: r1..r9 are independent uniform draws per row. Created dates over three years, skewed to recent. Chunks
  // are independent (each row's values depend on its number only), so several connections write them at once.
  const chunks: [number, number][] = [];
  for (let start = 1; start <= asset.leads; start += CHUNK) chunks.push([start, Math.min(asset.leads, start + CHUNK - 1)]);
  const writeChunk = (writer: pg.PoolClient, [start, end]: [number, number]) =>
    writer.query(
      `INSERT INTO "Lead" (id, "companyId", "assetId", "leadID", "customerId", "agentId", "listingId", "projectId", type, "contactType", "leadType",
         source, "sourceChannel", "sourceDataId", "inputSource", stage, status, rating, location, city, "officeName",
         "initialSlaEndDate", "freePoolSlaEndDate", "isAccepted", "acceptedAt", "isContacted", "isClaimedFromPool", "isInFreePool", "isAssignedFromLeadPool",
         "agentAssignedAt", "dataSourceCreatedAt", "createdAt", "updatedAt", "creatorName", "updatedByName", "deletedAt")
       SELECT gen_random_uuid(), $1, $2, 'L-' || lpad(g::text, greatest(7, length(g::text)), '0'), ${idOf('cust', key, `1 + floor(r1 * $5)::int`)},
              CASE WHEN r2 < 0.02 THEN NULL ELSE ${idOf('agent', key, `1 + floor(power(r2, 1.4) * ${AGENTS})::int`)} END,
              CASE WHEN kind = 'listing' THEN ${idOf('lst', key, `1 + floor(r3 * ${LISTINGS})::int`)} END,
              CASE WHEN kind = 'offplan' THEN ${idOf('proj', key, `1 + floor(r3 * ${PROJECTS})::int`)} END,
              kind, ${weighted('r4', CONTACTS)}, CASE WHEN r4 < 0.65 THEN 'Sale' ELSE 'Rent' END,
              ${weighted('r5', SOURCES)}, ${weighted('r6', CHANNELS)}, CASE WHEN r6 < 0.7 THEN 'SF-' || g END, CASE WHEN r6 < 0.7 THEN 'salesforce' ELSE 'CRM' END,
              ${weighted('r7', STAGES)}, CASE WHEN r8 < 0.7 THEN 'Open' ELSE 'Closed' END,
              CASE WHEN r9 < 0.3 THEN 'Hot' WHEN r9 < 0.6 THEN 'Warm' WHEN r9 < 0.8 THEN 'Cold' END,
              ${weighted('r9', LOCATIONS)}, 'Dubai', (ARRAY[${OFFICES.map((o) => `'${o}'`).join(',')}])[1 + floor(r2 * ${OFFICES.length})::int],
              created + interval '30 minutes', created + interval '150 minutes', r8 < 0.6, CASE WHEN r8 < 0.6 THEN created + (r9 * interval '25 minutes') END,
              r7 < 0.5, r3 < 0.05, false,
              -- Unaccepted leads went to their manager long ago: nothing here is due for the SLA sweep.
              r8 >= 0.6, created, created, created, created,
              CASE WHEN r5 < 0.4 THEN 'System' ELSE 'Agent ' || (1 + floor(r1 * 50)::int) END, CASE WHEN r6 < 0.5 THEN 'System' ELSE 'Manager 1' END,
              CASE WHEN r1 < 0.005 THEN created END
       FROM (
         SELECT g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r8, random() r9,
                -- Rows arrive in time order, as in production (the heap follows the created date): older first,
                -- denser towards now, with a few minutes of jitter.
                now() - power(1 - g::float8 / $6, 1.6) * interval '1095 days' + random() * interval '5 minutes' AS created,
                (ARRAY['listing', 'listing', 'offplan', 'general'])[1 + floor(random() * 4)::int] AS kind
         FROM generate_series($3::int, $4::int) g
       ) s`,
      [companyId, assetId, start, end, asset.customers, asset.leads + 1],
    );
  await Promise.all(
    Array.from({ length: Math.min(SEED_CONNECTIONS, chunks.length) }, async () => {
      const writer = await pool.connect();
      try {
        await writer.query('SET synchronous_commit = off');
        for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) await writeChunk(writer, chunk);
      } finally {
        writer.release();
      }
    }),
  );
  await client.query(`UPDATE "Asset" SET "leadSequence" = $2 WHERE id = $1`, [assetId, asset.leads]);
  // Reviews (the Rating column) for about one lead in twelve.
  await client.query(
    `INSERT INTO "LeadReview" (id, "companyId", "assetId", "leadId", "customerId", "agentId", category, rating, feedback, "updatedAt")
     SELECT gen_random_uuid(), "companyId", "assetId", id, "customerId", "agentId", 'qualification', floor(random() * 6)::int, NULL, now()
     FROM "Lead" WHERE "assetId" = $1 AND random() < 0.08`,
    [assetId],
  );
  return {
    id: assetId,
    name: asset.name,
    leads: asset.leads,
    customers: asset.customers,
    eligibleAgents: AGENTS - TEST_AGENTS - DISABLED_AGENTS,
    testAgentIds: (
      await client.query<{ id: string }>(`SELECT id FROM "TeamMember" WHERE "assetId" = $1 AND "isTest" ORDER BY id`, [assetId])
    ).rows.map((r) => r.id),
  };
}

/**
 * The leads an earlier run seeded in a reused database (BENCH_DATABASE_NAME with BENCH_KEEP_DATABASE), when its big
 * asset holds the `rows` asked for: a 10,000,000-lead seed takes half an hour on a small machine.
 */
export async function findSeededLeads(pool: pg.Pool, rows: number): Promise<SeededLeads | null> {
  const { rows: found } = await pool.query<{ userId: string; companyId: string; id: string; name: string; leads: number }>(
    `SELECT u.id AS "userId", u."companyId", a.id, a.name, a."leadSequence" AS leads
     FROM "User" u JOIN "Asset" a ON a."companyId" = u."companyId"
     WHERE u.email = 'leads-bench@example.com' ORDER BY a."leadSequence" DESC`,
  );
  const big = found[0];
  if (!big || big.leads !== rows) return null;
  const assets: SeededAsset[] = [];
  for (const asset of found) {
    const testAgents = await pool.query<{ id: string }>(`SELECT id FROM "TeamMember" WHERE "assetId" = $1 AND "isTest" ORDER BY id`, [
      asset.id,
    ]);
    const customers = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Customer" WHERE "assetId" = $1`, [asset.id]);
    assets.push({
      id: asset.id,
      name: asset.name,
      leads: asset.leads,
      customers: customers.rows[0]?.n ?? 0,
      eligibleAgents: AGENTS - TEST_AGENTS - DISABLED_AGENTS,
      testAgentIds: testAgents.rows.map((r) => r.id),
    });
  }
  return { companyId: big.companyId, userId: big.userId, assets, seconds: 0 };
}

/** The company, a SUPER_ADMIN user working in the big asset, and the assets with their leads. */
export async function seedLeads(pool: pg.Pool, rows: number): Promise<SeededLeads> {
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query(`SET maintenance_work_mem = '256MB'`);
    const companyId = randomUUID();
    const userId = randomUUID();
    const roleId = randomUUID();
    await client.query(`INSERT INTO "Company" (id, name, "updatedAt") VALUES ($1, 'Leads Bench Co', now())`, [companyId]);
    const plan = [
      { id: randomUUID(), key: 'a', name: 'Big Asset', leads: rows, customers: Math.max(1000, Math.round(rows / 8)) },
      { id: randomUUID(), key: 'b', name: 'Mid Asset', leads: Math.round(rows / 20), customers: Math.max(500, Math.round(rows / 160)) },
      { id: randomUUID(), key: 'c', name: 'Small Asset', leads: Math.round(rows / 100), customers: Math.max(200, Math.round(rows / 800)) },
    ];
    const assets: SeededAsset[] = [];
    // Bulk load without the secondary indexes, then build them once: several times faster than row by row.
    const indexes = await client.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes
       WHERE schemaname = 'public' AND tablename IN ('Lead', 'Customer', 'LeadReview') AND indexname NOT LIKE '%_pkey'`,
    );
    for (const index of indexes.rows) await client.query(`DROP INDEX "${index.name}"`);
    for (const asset of plan) assets.push(await seedAsset(pool, client, companyId, asset));
    // The indexes rebuilt side by side, each on a connection of its own.
    const defs = indexes.rows.map((index) => index.def);
    await Promise.all(
      Array.from({ length: Math.min(SEED_CONNECTIONS, defs.length) }, async () => {
        const builder = await pool.connect();
        try {
          await builder.query(`SET maintenance_work_mem = '256MB'`);
          for (let def = defs.shift(); def; def = defs.shift()) await builder.query(def);
        } finally {
          builder.release();
        }
      }),
    );
    const bigAsset = plan[0]?.id ?? '';
    await client.query(
      `INSERT INTO "Role" (id, "companyId", name, code, permissions, "updatedAt") VALUES ($1, $2, 'Super Admin', 'SUPER_ADMIN', '{}', now())`,
      [roleId, companyId],
    );
    await client.query(
      `INSERT INTO "User" (id, "companyId", "roleId", "activeAssetId", email, "fullName", "passwordHash", "updatedAt") VALUES ($1, $2, $3, $4, 'leads-bench@example.com', 'Bench Admin', 'x', now())`,
      [userId, companyId, roleId, bigAsset],
    );
    await client.query(`INSERT INTO "UserAsset" ("userId", "assetId") SELECT $1, id FROM "Asset" WHERE "companyId" = $2`, [
      userId,
      companyId,
    ]);
    await client.query('VACUUM ANALYZE');
    return { companyId, userId, assets, seconds: (performance.now() - started) / 1000 };
  } finally {
    client.release();
  }
}
