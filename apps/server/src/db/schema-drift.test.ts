import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { findMigrationsDir } from './migrator.js';
import { actualCatalog, diffCatalogs, expectedCatalog, type SchemaCatalog } from './schema-drift.js';

// The database built from prisma/migrations (the test template is exactly that) must be the one
// prisma/schema.prisma describes: a migration that forgets a table, column, NOT NULL, default or index fails here.
const schemaText = readFileSync(path.join(findMigrationsDir(), '..', 'schema.prisma'), 'utf8');

async function catalogOf(url: string): Promise<SchemaCatalog> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await actualCatalog(client);
  } finally {
    await client.end();
  }
}

describe('schema drift: migrations vs schema.prisma', () => {
  let database: TestDatabase;
  const expected = expectedCatalog(schemaText);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('reads the whole schema (sanity: the expected catalog is not empty)', () => {
    expect(expected.tables.size).toBeGreaterThan(25);
    expect(expected.tables.get('Lead')?.get('leadID')).toEqual({ type: 'text', nullable: false, hasDefault: false });
    expect(expected.tables.get('Role')?.get('permissions')).toEqual({ type: 'text[]', nullable: true, hasDefault: true });
    expect(expected.tables.get('_ProjectAgents')?.size).toBe(2);
    expect(expected.indexes).toContain('INDEX "Lead" ("assetId", "dataSourceCreatedAt" DESC, "id" DESC, "deletedAt")');
    expect(expected.indexes).toContain('UNIQUE "Lead" ("assetId", "leadID")');
    expect(expected.foreignKeys).toContain('"Lead" ("customerId") -> "Customer" ("id") ON DELETE RESTRICT ON UPDATE CASCADE');
  });

  it('the migrated database matches schema.prisma exactly', async () => {
    expect(diffCatalogs(expected, await catalogOf(database.url))).toEqual([]);
  });

  it('reports a missing table, column, NOT NULL, default, type, index and unique constraint', async () => {
    // Columns that no trigger reads: a trigger's columns (the listing's search fields) cannot be dropped.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`
        DROP TABLE "Faq";
        ALTER TABLE "Listing" DROP COLUMN "titleAr";
        ALTER TABLE "Customer" ALTER COLUMN "firstName" DROP NOT NULL;
        ALTER TABLE "Asset" ALTER COLUMN "timezone" DROP DEFAULT;
        ALTER TABLE "Lead" ALTER COLUMN "rating" TYPE varchar(10);
        DROP INDEX "Lead_assetId_stage_dataSourceCreatedAt_idx";
        DROP INDEX "Lead_assetId_leadID_key";
        CREATE INDEX "Lead_extra_idx" ON "Lead" ("remarks");
        ALTER TABLE "Lead" ADD COLUMN "extra" TEXT;`);
    } finally {
      await client.end();
    }
    const problems = diffCatalogs(expected, await catalogOf(database.url));
    expect(problems).toEqual(
      expect.arrayContaining([
        'missing table: "Faq"',
        'missing column: "Listing"."titleAr"',
        '"Customer"."firstName": nullable in the database, required in the schema',
        '"Asset"."timezone": has no default in the database, one in the schema',
        '"Lead"."rating": type is character varying(10), schema says text',
        'missing index: INDEX "Lead" ("assetId", "stage", "dataSourceCreatedAt" DESC)',
        'missing index: UNIQUE "Lead" ("assetId", "leadID")',
        'unexpected index: INDEX "Lead" ("remarks")',
        'unexpected column: "Lead"."extra"',
        'missing foreign key: "Faq" ("categoryId") -> "FaqCategory" ("id") ON DELETE SET NULL ON UPDATE CASCADE',
      ]),
    );
  });

  it('reports a model the migrations never created', () => {
    const withNewModel = `${schemaText}\nmodel Brochure {\n  id String @id @db.Uuid\n  title String\n  @@index([title])\n}\n`;
    const problems = diffCatalogs(expectedCatalog(withNewModel), expected);
    expect(problems).toEqual([
      'missing table: "Brochure"',
      'missing index: PRIMARY KEY "Brochure" ("id")',
      'missing index: INDEX "Brochure" ("title")',
    ]);
  });
});
