import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { createDb } from './src/db/prisma.js';
import { exportRecords } from './src/resources/resource-export.js';
import { listingResource } from './src/modules/properties/listing.resource.js';
import { ROLE_CODES } from '@crm/domain';

const admin = 'postgresql://postgres@127.0.0.1:5432/postgres';
const name = 'crm_probe_export';
const tpl = process.argv[2] ?? 'crm_template_a87a740f2b5e';
const ROWS = Number(process.argv[3] ?? 200000);
const c = new pg.Client({ connectionString: admin }); await c.connect();
await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await c.query(`CREATE DATABASE ${name} TEMPLATE "${tpl}"`); await c.end();
const db = createDb(`postgresql://postgres@127.0.0.1:5432/${name}`, { max: 5 });
const company = await db.company.create({ data: { name: 'c' } });
const asset = await db.asset.create({ data: { name: 'a', companyId: company.id } });
const base = { assetId: asset.id, companyId: company.id };
const agent = await db.teamMember.create({ data: { ...base, name: 'agent' } });
for (let s = 0; s < ROWS; s += 5000) await db.listing.createMany({ data: Array.from({ length: 5000 }, (_, k) => ({ ...base, reference: `R${s + k}`, title: `t${s + k}`, price: (k % 97) * 1000, agentId: k % 2 ? agent.id : null })) });
const actor = { userId: agent.id, sessionId: 'x', companyId: company.id, email: 'a', fullName: 'a', roleCode: ROLE_CODES.SUPER_ADMIN, permissions: [], isRootUser: false, assetId: asset.id, assetIds: [asset.id] };
const log = { error: console.error } as never;
for (const sort of [undefined, { reference: 1 }]) {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss; let peakHeap = before.heapUsed;
  const t = setInterval(() => { const m = process.memoryUsage(); peakRss = Math.max(peakRss, m.rss); peakHeap = Math.max(peakHeap, m.heapUsed); }, 20);
  const started = performance.now();
  const file = await exportRecords({ deps: { db, clock: { now: () => new Date() }, log }, actor }, listingResource, sort ? { sort } : {}, 'csv');
  let bytes = 0;
  await pipeline(file.stream, new Writable({ write(chunk, _e, cb) { bytes += chunk.length; setImmediate(cb); } }));
  clearInterval(t);
  const s = (performance.now() - started) / 1000;
  global.gc?.();
  console.log(JSON.stringify({ sort, rowsPerSec: Math.round(ROWS / s), mb: (bytes / 1048576).toFixed(1), rssPeakDelta: Math.round((peakRss - before.rss) / 1048576), heapPeakDelta: Math.round((peakHeap - before.heapUsed) / 1048576), heapAfterGc: Math.round((process.memoryUsage().heapUsed - before.heapUsed) / 1048576) }));
}
await db.$disconnect();
const c2 = new pg.Client({ connectionString: admin }); await c2.connect(); await c2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); await c2.end();
