import { createHmac } from 'node:crypto';
import type pg from 'pg';
import type { BenchDatabase } from './lib/bench-database.js';
import { seedLeads } from './lib/leads-seed.js';
import { buildServer, startServerProcess } from './lib/server-process.js';
import { formatRow, summarise } from './lib/stats.js';

// Portal lead intake under load (docs/api.md 'Portal lead intake'): Property Finder posts signed lead webhooks to the
// product in its own process, a tenth of them resends of a lead already posted. Measured: deliveries acknowledged per
// second, the time to acknowledge (p50, p95), and how long the lead jobs take to make the leads, which must be
// exactly one per distinct lead. Knobs: BENCH_INTAKE_DELIVERIES (10000), BENCH_INTAKE_CONNECTIONS (32),
// BENCH_INTAKE_DRAIN_MINUTES (45: how long to wait for the lead jobs after the last acknowledgement).

const DELIVERIES = Number(process.env.BENCH_INTAKE_DELIVERIES ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_INTAKE_CONNECTIONS ?? 32);
const WEBHOOK_SECRET = 'bench-pf-webhook-secret-0001';
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_INTAKE_DRAIN_MINUTES ?? 45) * 60_000;

interface Delivery {
  body: string;
  signature: string;
}

/** Every 10th delivery resends one posted a few before it: DELIVERIES * 0.9 distinct leads. */
function deliveries(reference: string): { list: Delivery[]; distinct: number } {
  const events: Delivery[] = [];
  const list: Delivery[] = [];
  const distinct = Math.round(DELIVERIES * 0.9);
  for (let i = 0; i < distinct; i += 1) {
    const now = new Date().toISOString();
    const body = JSON.stringify({
      id: `bench-evt-${i}`,
      type: 'lead.created',
      timestamp: now,
      payload: {
        id: `BENCH-PF-${i}`,
        createdAt: now,
        channel: i % 3 === 0 ? 'whatsapp' : i % 3 === 1 ? 'call' : 'email',
        listing: { id: `pf-${i}`, reference },
        sender: {
          name: `Bench Enquirer ${i}`,
          contacts: [
            { type: 'phone', value: `+97150${String(1_000_000 + i).padStart(7, '0')}` },
            { type: 'email', value: `bench.enquirer.${i}@example.com` },
          ],
        },
        message: 'Is it still available?',
      },
    });
    const event = { body, signature: createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex') };
    events.push(event);
    list.push(event);
    if (i % 9 === 8 && list.length < DELIVERIES) list.push(events[i - 4] ?? event);
  }
  return { list, distinct };
}

async function leadsMade(pool: pg.Pool, assetId: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM "Lead" WHERE "assetId" = $1 AND "inputSource" = 'propertyfinder' AND "sourceDataId" LIKE 'BENCH-PF-%'`,
    [assetId],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function benchPortalIntake(database: BenchDatabase, print: (line: string) => void): Promise<void> {
  const seeded = await seedLeads(database.pool, 1000);
  const asset = seeded.assets[0];
  if (!asset) throw new Error('no asset seeded');
  const { rows } = await database.pool.query<{ reference: string }>(
    `SELECT reference FROM "Listing" WHERE "assetId" = $1 AND "agentId" IS NOT NULL AND "deletedAt" IS NULL LIMIT 1`,
    [asset.id],
  );
  const reference = rows[0]?.reference;
  if (!reference) throw new Error('no listing with an agent seeded');
  buildServer();
  // The per-integration webhook budget is raised: the bench measures the server, not its throttle.
  const server = await startServerProcess(database.url, seeded.userId, { env: { INTEGRATION_WEBHOOK_REQUESTS_PER_MINUTE: '100000' } });
  try {
    const saved = await fetch(`${server.address}/api/assets/${asset.id}/integrations/propertyfinder`, {
      method: 'PATCH',
      headers: { ...server.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        enabled: true,
        config: { label: 'Bench account', publishByDefault: false },
        secrets: { apiKey: 'bench-api-key-0001', apiSecret: 'bench-api-secret-0001', webhookSecret: WEBHOOK_SECRET },
      }),
    });
    if (!saved.ok) throw new Error(`Property Finder not saved: ${saved.status} ${await saved.text()}`);
    const url = `${server.address}/api/integrations/propertyfinder/webhook/${((await saved.json()) as { data: { _id: string } }).data._id}`;
    const { list, distinct } = deliveries(reference);

    const latencies: number[] = [];
    let errors = 0;
    let duplicates = 0;
    let firstError = '';
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      for (let i = next++; i < list.length; i = next++) {
        const delivery = list[i];
        if (!delivery) continue;
        const sent = performance.now();
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': delivery.signature },
          body: delivery.body,
        });
        const text = await res.text();
        if (res.status !== 200) {
          errors += 1;
          firstError ||= `${res.status} ${text.slice(0, 200)}`;
          continue;
        }
        latencies.push(performance.now() - sent);
        if (text.includes('"duplicate":true')) duplicates += 1;
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    const seconds = (performance.now() - started) / 1000;
    print(formatRow(summarise(`POST webhook x${CONNECTIONS} connections`, latencies, errors, seconds)));
    print(
      `  ${list.length} deliveries (${list.length - distinct} resends) acknowledged in ${seconds.toFixed(1)} s; ${duplicates} answered duplicate`,
    );
    if (firstError) print(`  first error: ${firstError}`);

    const until = Date.now() + DRAIN_TIMEOUT_MS;
    let made = await leadsMade(database.pool, asset.id);
    while (made < distinct && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      made = await leadsMade(database.pool, asset.id);
    }
    // A few more seconds: any duplicate lead would show now.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    made = await leadsMade(database.pool, asset.id);
    const drained = (performance.now() - started) / 1000;
    const verdict = made === distinct ? 'exact' : made > distinct ? 'DUPLICATES' : 'NOT ALL MADE within the drain timeout';
    print(`  ${made} leads made for ${distinct} distinct leads (${verdict}), ${drained.toFixed(1)} s after the first delivery`);
  } finally {
    await server.stop();
  }
}
