import type pg from 'pg';
import { AMENITIES, LeadPayloadSchema, UNIT_TYPES, type LeadPayload } from '@crm/domain';
import { resolveActor } from '../../apps/server/src/modules/auth/access-token.service.js';
import { createLead } from '../../apps/server/src/modules/leads/lead.service.js';
import type { BenchApp } from './lib/leads-app.js';
import type { SeededAsset } from './lib/leads-seed.js';
import { profiled } from './lib/cpu-profile.js';
import { summarise, formatRow } from './lib/stats.js';

// Lead creation with automatic assignment (round robin over the asset's eligible agents) through the real
// create service (routing, the asset row lock, SLA, leadID, history rows, clock jobs in Redis, the answer
// record), from several callers at once, in the big asset. Each lead has a customer of its own, so no lead
// becomes another's child (which would skip the rotation).

export const SECONDS = Number(process.env.BENCH_CREATE_SECONDS ?? 10);
/** Callers creating at once, one run each: 16 shows the latency-bound rate, 64 the server at saturation. */
export const CONCURRENCY = (process.env.BENCH_CREATE_CONCURRENCY ?? '16,64')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
export const TARGET_PER_SECOND = 1000;

/**
 * The target is a rate of creations the server sustains: its best run, the one with callers enough to keep it
 * busy (with fewer, each caller waits out its own round trips and the rate is callers / latency). A run with
 * errors does not count.
 */
export function capacityLine(rates: readonly { callers: number; rps: number }[], unit: string): string {
  const best = rates.reduce((a, b) => (b.rps > a.rps ? b : a), { callers: 0, rps: 0 });
  return `capacity ${best.rps.toFixed(0)} leads/s (with ${best.callers} ${unit}; target ${TARGET_PER_SECOND}/s: ${best.rps >= TARGET_PER_SECOND ? 'within target' : 'UNDER target'})`;
}

/** `count` new customers of the asset, none with a lead yet (so no lead becomes another's child). */
export async function freshCustomers(pool: pg.Pool, assetId: string, count: number): Promise<string[]> {
  const company = (await pool.query<{ companyId: string }>(`SELECT "companyId" FROM "Asset" WHERE id = $1`, [assetId])).rows[0]?.companyId;
  const inserted = await pool.query<{ id: string }>(
    `INSERT INTO "Customer" (id, "companyId", "assetId", "customerID", "firstName", "fullName", type, "updatedAt")
     SELECT gen_random_uuid(), $1, $2, $4 || lpad(g::text, 7, '0'), 'Bench', 'Bench ' || g, 'Client', now() FROM generate_series(1, $3::int) g
     RETURNING id`,
    [company, assetId, count, `BC-${Date.now().toString(36)}-`],
  );
  return inserted.rows.map((r) => r.id);
}

/** A member of the asset to name as referrer (and as the form's agent: automatic assignment overrides it). */
export async function benchReferrer(pool: pg.Pool, assetId: string): Promise<string | undefined> {
  return (await pool.query<{ id: string }>(`SELECT id FROM "TeamMember" WHERE "assetId" = $1 AND enabled ORDER BY id LIMIT 1`, [assetId]))
    .rows[0]?.id;
}

/** The create call's body for a customer, as the lead form sends it. */
export function leadInput(customer: string, referrer: string | undefined) {
  return {
    customer,
    contactType: 'Buyer',
    type: 'general',
    source: 'Website',
    leadType: 'Sale',
    contactMethod: 'Phone',
    enquiryMethod: 'Web Form',
    action: 'Requires call from agent',
    city: 'Dubai',
    country: 'United Arab Emirates',
    location: 'Dubai Marina',
    unitType: UNIT_TYPES[0],
    amenities: [AMENITIES[0]],
    minBedrooms: 1,
    maxBedrooms: 2,
    minPrice: 1_000_000,
    maxPrice: 2_000_000,
    referredBy: referrer,
    // The form always names an agent; with automatic assignment (the default) routing decides.
    agent: referrer,
  };
}

export async function benchLeadsCreate(pool: pg.Pool, bench: BenchApp, asset: SeededAsset): Promise<string[]> {
  const deps = bench.app.deps;
  const actor = await resolveActor(deps, bench.headers.authorization?.replace(/^Bearer /, '') ?? '', asset.id);
  // Fresh customers, more than the run can use.
  const free = await freshCustomers(pool, asset.id, Math.max(5000, Math.round(CONCURRENCY.length * SECONDS * TARGET_PER_SECOND * 3)));
  const referrer = await benchReferrer(pool, asset.id);
  const payload = (customer: string): LeadPayload => LeadPayloadSchema.parse(leadInput(customer, referrer));
  // Warm-up (connections, Prisma's first queries), not counted.
  for (let i = 0; i < 20; i += 1) await createLead(deps, actor, payload(free.pop() ?? ''));

  const lines: string[] = [];
  const rates: { callers: number; rps: number }[] = [];
  for (const callers of CONCURRENCY) {
    const latencies: number[] = [];
    let errors = 0;
    let firstError: unknown;
    const created: string[] = [];
    const deadline = performance.now() + SECONDS * 1000;
    await profiled(`create-${callers}`, () =>
      Promise.all(
        Array.from({ length: callers }, async () => {
          while (performance.now() < deadline) {
            const customer = free.pop();
            if (!customer) return;
            const started = performance.now();
            try {
              const lead = await createLead(deps, actor, payload(customer));
              created.push(String(lead._id));
              latencies.push(performance.now() - started);
            } catch (error) {
              errors += 1;
              firstError ??= error;
            }
          }
        }),
      ),
    );
    const result = summarise(`createLead x${callers} callers, auto-assigned`, latencies, errors, SECONDS);
    const spread = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Lead" WHERE id = ANY($1::uuid[]) GROUP BY "agentId" ORDER BY n`,
      [created],
    );
    const counts = spread.rows.map((r) => r.n);
    if (!free.length) lines.push(`  ran out of fresh customers: the rate below counts ${SECONDS} s but the run ended earlier`);
    lines.push(
      formatRow(result),
      `  ${result.rps.toFixed(0)} leads/s with ${callers} callers; round robin over ${counts.length} agents: ${counts[0] ?? 0}..${counts.at(-1) ?? 0} leads each`,
    );
    if (firstError) lines.push(`  first error: ${firstError instanceof Error ? firstError.message : String(firstError)}`);
    rates.push({ callers, rps: errors ? 0 : result.rps });
  }
  lines.push(capacityLine(rates, 'callers'));
  return lines;
}
