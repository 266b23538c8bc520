import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../apps/server/test/fake-s3.js';
import { createDb, type Db } from '../../apps/server/src/db/prisma.js';
import { eligibleMembers } from '../../apps/server/src/modules/leads/lead-routing.service.js';
import { createCluster, type Cluster, type ServerProcess } from './support/cluster.js';

// Two API processes (RUN_WORKERS=false) and one worker process of the built product, on one database, one Redis
// prefix and one S3 bucket (docs/scaling.md): what one instance does, the other sees and respects.

const PASSWORD = 'Passw0rd!';
/** Low enough for the test to reach, high enough for everything else one user does here. */
const REQUESTS_PER_MINUTE = 400;

let s3: FakeS3;
let cluster: Cluster;
let apiA: ServerProcess;
let apiB: ServerProcess;
let worker: ServerProcess;
let db: Db;
let admin: Record<string, string>;
let assetId: string;
let memberIds: string[];

async function login(api: ServerProcess, email: string, password = PASSWORD) {
  return fetch(`${api.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

async function bearer(api: ServerProcess, email: string): Promise<Record<string, string>> {
  const res = await login(api, email);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { data: { access_token: string } };
  return { authorization: `Bearer ${body.data.access_token}` };
}

async function newCustomer(): Promise<string> {
  const asset = await db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { companyId: true } });
  const suffix = randomBytes(5).toString('hex');
  const customer = await db.customer.create({
    data: {
      companyId: asset.companyId,
      assetId,
      customerID: `S-${suffix}`,
      firstName: 'Scale',
      lastName: suffix,
      fullName: `Scale ${suffix}`,
    },
  });
  return customer.id;
}

/** A general lead, routed by the asset's strategy; `sla` gives manual deadlines that far ahead (ms). */
function leadBody(customer: string, remarks: string, sla?: { initialMs: number; poolMs: number }) {
  const now = Date.now();
  const someone = memberIds[0] ?? '';
  return {
    customer,
    contactType: 'Buyer',
    type: 'general',
    source: 'Website',
    referredBy: someone,
    agent: someone,
    isManualAssignment: false,
    contactMethod: 'Phone',
    action: 'Requires call from agent',
    remarks,
    // What a general lead must say about the property sought (packages/domain lead rules).
    location: 'Dubai Marina',
    unitType: 'Apartment',
    amenities: ['Pool'],
    minBedrooms: 1,
    maxBedrooms: 2,
    minPrice: 1_000_000,
    maxPrice: 2_000_000,
    ...(sla
      ? {
          setAutoSLADetails: false,
          initialSlaEndDate: new Date(now + sla.initialMs).toISOString(),
          freePoolSlaEndDate: new Date(now + sla.poolMs).toISOString(),
        }
      : {}),
  };
}

/** The statuses, and the first refusal's body to explain a failure. */
async function statusesOf(answers: Response[]): Promise<{ statuses: number[]; refusal: string }> {
  const refused = answers.find((res) => res.status >= 300);
  return { statuses: answers.map((res) => res.status), refusal: refused ? await refused.text() : '' };
}

function createLead(api: ServerProcess, headers: Record<string, string>, body: object) {
  return fetch(`${api.url}/api/properties/leads/create`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  s3 = await startFakeS3('crm-scale-files');
  cluster = await createCluster({
    ...s3.env,
    USER_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE),
    USER_CONCURRENT_REQUESTS: '24',
    JOBS_CLOSE_TIMEOUT_MS: '1000',
  });
  // The first instance migrates and seeds the empty database; the others start on it, as a rolling start would.
  apiA = await cluster.startApi('api-a', { SHUTDOWN_GRACE_MS: '500' });
  [apiB, worker] = await Promise.all([cluster.startApi('api-b'), cluster.startWorker('worker')]);
  db = createDb(cluster.databaseUrl, { max: 2 });
  admin = await bearer(apiA, 'admin@example.com');
  const profile = (await (await fetch(`${apiB.url}/api/profile`, { headers: admin })).json()) as { data: { activeAsset: { _id: string } } };
  assetId = profile.data.activeAsset._id;
  memberIds = (await eligibleMembers(db, assetId, true)).map((member) => member.id);
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  await cluster?.close();
  await s3?.close();
});

describe('two API instances and a worker', () => {
  it('route leads created through both fairly: no agent more than one ahead of another', async () => {
    expect(memberIds.length).toBeGreaterThan(1);
    const marker = `fair-${randomBytes(3).toString('hex')}`;
    const total = memberIds.length * 4 + 1;
    const customers = await Promise.all(Array.from({ length: total }, () => newCustomer()));
    // At once, alternating instances: the rotation is shared through the asset row, not a process's memory.
    const answers = await Promise.all(
      customers.map((customer, i) => createLead(i % 2 ? apiB : apiA, admin, leadBody(customer, `${marker}-${i}`))),
    );
    const { statuses, refusal } = await statusesOf(answers);
    expect(statuses, refusal).toEqual(answers.map(() => 201));
    const leads = await db.lead.findMany({ where: { assetId, remarks: { startsWith: marker } }, select: { agentId: true } });
    expect(leads).toHaveLength(total);
    const perAgent = new Map(memberIds.map((id) => [id, 0]));
    for (const lead of leads) perAgent.set(lead.agentId ?? 'none', (perAgent.get(lead.agentId ?? 'none') ?? 0) + 1);
    expect([...perAgent.keys()].sort()).toEqual([...memberIds].sort());
    const counts = [...perAgent.values()];
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('applies each SLA step once, in the worker, for leads created through either instance', async () => {
    const marker = `sla-${randomBytes(3).toString('hex')}`;
    const customers = await Promise.all(Array.from({ length: 6 }, () => newCustomer()));
    const answers = await Promise.all(
      customers.map((customer, i) =>
        createLead(i % 2 ? apiB : apiA, admin, leadBody(customer, `${marker}-${i}`, { initialMs: 2000, poolMs: 5000 })),
      ),
    );
    const { statuses, refusal } = await statusesOf(answers);
    expect(statuses, refusal).toEqual(answers.map(() => 201));
    const read = () =>
      db.lead.findMany({
        where: { assetId, remarks: { startsWith: marker } },
        select: { id: true, isInFreePool: true, isAssignedFromLeadPool: true, assignments: { select: { reason: true } } },
      });
    const until = Date.now() + 30_000;
    let leads = await read();
    while (leads.some((lead) => !lead.isAssignedFromLeadPool) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      leads = await read();
    }
    expect(leads).toHaveLength(6);
    for (const lead of leads) {
      expect(lead).toMatchObject({ isInFreePool: false, isAssignedFromLeadPool: true });
      // One routing, one escalation: no step taken twice by the delayed job and the sweep.
      expect(lead.assignments.map((a) => a.reason).sort()).toEqual(['auto', 'pool_expired']);
    }
  });

  it('counts one user’s requests per minute across both instances', async () => {
    const manager = await bearer(apiB, 'manager@example.com');
    const statuses: number[] = [];
    const extra = 30;
    // Eight at a time, alternating instances.
    for (let start = 0; start < REQUESTS_PER_MINUTE + extra; start += 8) {
      const batch = Array.from({ length: Math.min(8, REQUESTS_PER_MINUTE + extra - start) }, (_, i) =>
        fetch(`${(start + i) % 2 ? apiB.url : apiA.url}/api/profile`, { headers: manager }).then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        }),
      );
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(REQUESTS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
  });

  it('locks a login out on both instances once the attempts are used up on either', async () => {
    const email = 'agent2@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(i % 2 ? apiB : apiA, email, 'wrong-password')).status);
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The right password does not help on either instance while the lockout lasts.
    expect((await login(apiA, email)).status).toBe(429);
    const refused = await login(apiB, email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('serves through one instance a file uploaded through the other, from the bucket', async () => {
    const bytes = Buffer.from(`%PDF-1.7\nbrochure ${randomBytes(8).toString('hex')}\n`);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'Brochure.pdf');
    const uploaded = await fetch(`${apiA.url}/api/storage/upload`, { method: 'POST', headers: admin, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const file = ((await uploaded.json()) as { data: { file: string } }).data;
    const served = await fetch(`${apiB.url}${file.file}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    // Neither instance kept it on its own disk.
    expect(await readdir(apiA.storageDir)).toEqual([]);
    expect(await readdir(apiB.storageDir)).toEqual([]);
  });

  it('loses no request when one instance stops: in-flight ones finish, refused ones go to the other', async () => {
    const reader = await bearer(apiB, 'agent@example.com');
    const marker = `stop-${randomBytes(3).toString('hex')}`;
    let stopping: Promise<number | null> | null = null;
    /** When A's process exited (0: still running); a field, because a callback sets it. */
    const exited = { at: 0 };
    const rerouted = { draining: 0, refused: 0 };
    /** A load balancer's rule: a request that instance A refused (503 while draining, or no connection) goes to B. */
    async function send(i: number, request: (api: ServerProcess) => Promise<Response>): Promise<number> {
      const first = i % 2 ? apiB : apiA;
      try {
        const res = await request(first);
        if (res.status !== 503 || first === apiB) return res.status;
        await res.arrayBuffer();
        rerouted.draining++;
      } catch (error) {
        if (first === apiB) throw error;
        rerouted.refused++;
        // Not answered: only a create that never reached the database may be sent again.
        const reached = await db.lead.count({ where: { remarks: `${marker}-${i}` } });
        if (reached) return 201;
      }
      return (await request(apiB)).status;
    }
    async function round(i: number) {
      const customer = await newCustomer();
      const [created, listed] = await Promise.all([
        send(i, (api) => createLead(api, admin, leadBody(customer, `${marker}-${i}`))),
        send(i, (api) => fetch(`${api.url}/api/properties/leads?limit=5`, { headers: reader })),
      ]);
      return { created, listed };
    }
    // A request every 40 ms, A stopped at the tenth, and more until A has been gone 400 ms (however long it drains).
    const work: Promise<{ created: number; listed: number }>[] = [];
    for (let i = 0; i < 500 && !(exited.at && Date.now() - exited.at > 400); i++) {
      if (i === 10) {
        stopping = apiA.stop();
        void stopping.then(() => {
          exited.at = Date.now();
        });
      }
      work.push(round(i));
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const results = await Promise.all(work);
    expect(await stopping).toBe(0);
    // Both ways of refusing were met: 503 while A drained, then no connection once it had closed.
    expect(rerouted.draining).toBeGreaterThan(0);
    expect(rerouted.refused).toBeGreaterThan(0);
    expect(results.map((r) => r.created)).toEqual(results.map(() => 201));
    expect(results.map((r) => r.listed)).toEqual(results.map(() => 200));
    const saved = await db.lead.groupBy({ by: ['remarks'], where: { remarks: { startsWith: `${marker}-` } }, _count: true });
    expect(saved).toHaveLength(results.length);
    expect(saved.every((row) => row._count === 1)).toBe(true);
  });

  it('stops the worker cleanly', async () => {
    expect(await worker.stop()).toBe(0);
  });
});
