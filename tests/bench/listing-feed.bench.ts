import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { secretBox } from '../../apps/server/src/core/secret-box.js';
import { feedSignature } from '../../apps/server/src/modules/integrations/feed-token.js';
import type { BenchDatabase } from './lib/bench-database.js';
import { buildServer, memoryMb, resetPeakMemory, SERVER_SECRETS, startServerProcess } from './lib/server-process.js';

// The Bayut XML feed of BENCH_FEED_ROWS listings (default 100,000, every one published to Bayut with a live permit)
// read in full from the built server in its own process: the time, the bytes, and the server's peak RSS while it
// is built and streamed (target under 300 MB, flat: one keyset page of listings in memory at a time; the gzipped
// snapshot goes to and comes from the storage backend, never whole in memory).

const FEED_SECRET = 'bench-feed-secret-0001';

export async function benchListingFeed(database: BenchDatabase, log: (line: string) => void): Promise<void> {
  const rows = Number(process.env.BENCH_FEED_ROWS ?? 100_000);
  const companyId = randomUUID();
  const assetId = randomUUID();
  const roleId = randomUUID();
  const userId = randomUUID();
  const client = await database.pool.connect();
  const seeded = Date.now();
  try {
    await client.query(`INSERT INTO "Company" (id, name, "updatedAt") VALUES ($1, 'Feed Bench Co', now())`, [companyId]);
    await client.query(`INSERT INTO "Asset" (id, "companyId", name, "updatedAt") VALUES ($1, $2, 'Feed Asset', now())`, [
      assetId,
      companyId,
    ]);
    await client.query(
      `INSERT INTO "Role" (id, "companyId", name, code, permissions, "updatedAt") VALUES ($1, $2, 'Super Admin', 'SUPER_ADMIN', '{}', now())`,
      [roleId, companyId],
    );
    await client.query(
      `INSERT INTO "User" (id, "companyId", "roleId", "activeAssetId", email, "fullName", "passwordHash", "updatedAt")
       VALUES ($1, $2, $3, $4, 'feed-bench@example.com', 'Bench Admin', 'x', now())`,
      [userId, companyId, roleId, assetId],
    );
    await client.query(
      `INSERT INTO "Listing" (id, "companyId", "assetId", reference, title, description, "leadType", "unitType", city, community,
         bedrooms, bathrooms, price, size, status, portals, "permitNumber", "permitStatus", "permitExpiresAt", "permitCheckedAt",
         images, "updatedAt")
       SELECT gen_random_uuid(), $1, $2, 'FEED-' || n, 'Apartment ' || n || ' with a marina view',
         repeat('Bright, upgraded, vacant on transfer. ', 8), CASE WHEN n % 3 = 0 THEN 'Rent' ELSE 'Sale' END, 'Apartment',
         'Dubai', 'Dubai Marina', n % 5, 1 + n % 4, 900000 + n, 700 + n % 900, 'Published', '{Bayut}', '7110' || n, 'valid',
         now() + interval '180 days', now(),
         jsonb_build_array(jsonb_build_object('file', gen_random_uuid(), 'url', 'https://cdn.example.com/' || n || '/1.jpg'),
                           jsonb_build_object('file', gen_random_uuid(), 'url', 'https://cdn.example.com/' || n || '/2.jpg')),
         now()
       FROM generate_series(1, $3::int) AS n`,
      [companyId, assetId, rows],
    );
    const sealed = secretBox({ INTEGRATIONS_ENC_KEY: SERVER_SECRETS.INTEGRATIONS_ENC_KEY }).seal(
      { feedSecret: FEED_SECRET },
      `${assetId}:bayut`,
    );
    await client.query(
      `INSERT INTO "IntegrationConfig" (id, "assetId", name, config, enabled, status, "secretsCiphertext", "secretsIv", "secretsTag",
         "secretsKeyVersion", "updatedAt")
       VALUES ($1, $2, 'bayut', '{"agencyId":"A-1","feedEnabled":true}', true, 'configured', $3, $4, $5, $6, now())`,
      [randomUUID(), assetId, Buffer.from(sealed.ciphertext), Buffer.from(sealed.iv), Buffer.from(sealed.tag), sealed.keyVersion],
    );
    await client.query('ANALYZE "Listing"');
  } finally {
    client.release();
  }
  log(`seeded ${rows.toLocaleString('en')} listings in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  buildServer();
  // The snapshot is written into the storage backend: a folder of the bench's own, removed after.
  const storageDir = await mkdtemp(path.join(tmpdir(), 'crm-bench-feed-'));
  const server = await startServerProcess(database.url, userId, { env: { STORAGE_DIR: storageDir } });
  try {
    const url = `${server.address}/api/feeds/bayut/${assetId}.${feedSignature(FEED_SECRET, 'bayut', assetId)}.xml`;
    await resetPeakMemory(server.pid);
    const before = memoryMb(server.pid, 'VmRSS');
    const started = performance.now();
    const res = await fetch(url);
    if (!res.ok || !res.body) throw new Error(`feed answered ${res.status}`);
    let bytes = 0;
    let properties = 0;
    let peak = before;
    let tail = '';
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      bytes += chunk.byteLength;
      // A tag may straddle two chunks: count in the text with the previous chunk's tail in front.
      const text = tail + decoder.decode(chunk, { stream: true });
      properties += text.split('<Property>').length - 1;
      tail = text.endsWith('<Property>') ? '' : text.slice(-9);
      peak = Math.max(peak, memoryMb(server.pid, 'VmRSS'));
    }
    const seconds = (performance.now() - started) / 1000;
    const hwm = memoryMb(server.pid, 'VmHWM');
    log(`feed of ${properties.toLocaleString('en')} listings: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
    log(
      `server RSS before ${before.toFixed(0)} MB, peak ${Math.max(peak, hwm).toFixed(0)} MB (target < 300 MB: ${
        Math.max(peak, hwm) < 300 ? 'within target' : 'OVER target'
      })`,
    );
    if (properties !== rows) log(`WARNING: expected ${rows} listings in the feed, read ${properties}`);
  } finally {
    await server.stop();
    await rm(storageDir, { recursive: true, force: true });
  }
}
