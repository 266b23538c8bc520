import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES as M, PERMISSIONS as P } from '@crm/domain';
import {
  PROPERTY_FINDER_FAKE_CREDENTIALS,
  startPropertyFinderFake,
  type PropertyFinderFake,
  type PropertyFinderFakeLead,
} from '../../../test/fakes/propertyfinder.fake.js';
import { createRole, createUser, loginAs } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createLeadWorld, type LeadWorld } from '../leads/testing.js';
import { INTEGRATION_SAMPLES } from './integration-test-samples.js';
import { partnerSignature } from './partner-webhook.service.js';
import { propertyFinderSignature } from './portal-webhook.js';

// Portal and partner leads that name no listing of ours (docs/leads.md 'Leads from portals and partners'), over real
// PostgreSQL, Redis and BullMQ workers: a project the lead names makes an off-plan lead for the project's agents;
// anything else a general lead with the reference kept in its remarks. The provider's agent (a partner's agent
// email, a Property Finder profile mapped to a member) takes the lead only when nothing else routes it, and only an
// enabled member who is not a test agent.

let ctx: TestContext;
let pf: PropertyFinderFake;
let world: LeadWorld;
let admin: { authorization: string };
let astraId: string;
let pfAccount: string;
let listingReference: string;
let projectSlug: string;
let sequence = 0;
const astraSecret = INTEGRATION_SAMPLES.astra.secrets.sharedSecret ?? '';
const PF_WEBHOOK_SECRET = 'pf-routing-webhook-secret-1';

/** A new enquirer each time: an open lead of the same customer would make the next one its child. */
function contact() {
  sequence += 1;
  const digits = String(1_000_000 + sequence).slice(-7);
  return { name: `Enquirer ${sequence}`, phone: `+971 55 ${digits}`, email: `enquirer.${sequence}.${Date.now()}@example.com` };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Posts a signed partner lead and answers the lead it made. */
async function partnerLead(id: string, fields: Record<string, unknown>) {
  const raw = JSON.stringify({ id, createdAt: new Date().toISOString(), contact: contact(), channel: 'email', ...fields });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/integrations/astra/webhook/${astraId}`,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': partnerSignature(astraSecret, timestamp, Buffer.from(raw)),
    },
    payload: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
  return leadOf(astraId, id);
}

async function leadOf(integrationId: string, externalEventId: string) {
  const event = await waitFor(
    () => ctx.db.webhookEvent.findUnique({ where: { integrationId_externalEventId: { integrationId, externalEventId } } }),
    (row) => row?.status === 'processed' || row?.status === 'failed',
  );
  expect(event?.status, event?.error ?? 'no event').toBe('processed');
  return ctx.db.lead.findUniqueOrThrow({ where: { id: event?.leadId ?? '' } });
}

async function portalLead(id: string, lead: Partial<PropertyFinderFakeLead>) {
  const person = contact();
  const payload = {
    id,
    createdAt: new Date().toISOString(),
    channel: 'call',
    listing: null,
    sender: {
      name: person.name,
      contacts: [
        { type: 'phone', value: person.phone },
        { type: 'email', value: person.email },
      ],
    },
    ...lead,
  };
  const raw = JSON.stringify({ id: `evt-${id}`, type: 'lead.created', timestamp: new Date().toISOString(), payload });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/integrations/propertyfinder/webhook/${pfAccount}`,
    headers: { 'content-type': 'application/json', 'x-signature': propertyFinderSignature(PF_WEBHOOK_SECRET, raw) },
    payload: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
  return leadOf(pfAccount, `evt-${id}`);
}

beforeAll(async () => {
  pf = await startPropertyFinderFake();
  ctx = await createTestApp({
    envOverrides: { RUN_WORKERS: 'true', JOBS_CLOSE_TIMEOUT_MS: '500', INTEGRATION_BASE_URL_PROPERTYFINDER: pf.url },
  });
  world = await createLeadWorld(ctx);
  listingReference = (await ctx.db.listing.findUniqueOrThrow({ where: { id: world.listing.id } })).reference;
  projectSlug = (await ctx.db.project.update({ where: { id: world.project.id }, data: { unitTypes: ['Townhouse'] } })).slug;
  // Members' emails, as the providers know them.
  const emails: [string, string][] = [
    [world.agents[0].member.id, 'ann@marina.example.com'],
    [world.agents[1].member.id, 'bob@marina.example.com'],
    [world.agents[2].member.id, 'cem@marina.example.com'],
    [world.testAgent.id, 'tina@marina.example.com'],
    [world.disabledAgent.id, 'oscar@marina.example.com'],
  ];
  for (const [id, email] of emails) await ctx.db.teamMember.update({ where: { id }, data: { email } });
  pf.users.push({ id: 'u-cem', email: 'cem@marina.example.com', firstName: 'Cem', lastName: 'A', publicProfile: { id: 'pp-cem' } });
  const role = await createRole(ctx, [P.INTEGRATIONS_VIEW], { company: world.company });
  admin = await loginAs(ctx, (await createUser(ctx, { role, assets: [world.asset] })).email);
  const save = (name: string, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/assets/${world.asset.id}/integrations/${name}`, headers: admin, payload });
  astraId = (await save('astra', { enabled: true, ...INTEGRATION_SAMPLES.astra })).json().data._id;
  pfAccount = (
    await save('propertyfinder', {
      enabled: true,
      config: { label: 'Marina' },
      secrets: { ...PROPERTY_FINDER_FAKE_CREDENTIALS, webhookSecret: PF_WEBHOOK_SECRET },
    })
  ).json().data._id;
  // The account's users mapped to members (pp-cem is Cem).
  await waitFor(
    () => ctx.db.externalRef.count({ where: { accountId: pfAccount, entity: 'member' } }),
    (count) => count === 1,
  );
});
afterAll(async () => {
  await ctx?.close();
  await pf?.close();
});

describe('portal and partner leads that name no listing of ours', () => {
  it("make an off-plan lead for a project the lead names, routed to the project's agents", async () => {
    const bySlug = await partnerLead('R-PROJ-1', { listingReference: projectSlug });
    expect(bySlug).toMatchObject({ type: 'offplan', projectId: world.project.id, listingId: null, unitType: 'Townhouse' });
    expect(world.project.agentIds).toContain(bySlug.agentId);
    const byName = await portalLead('R-PROJ-2', { project: { id: 'pf-project-9', name: 'creek towers' } });
    expect(byName).toMatchObject({ type: 'offplan', projectId: world.project.id });
    expect(world.project.agentIds).toContain(byName.agentId);
  });

  it('make a general lead with the reference in its remarks', async () => {
    const general = await partnerLead('R-GEN-1', { listingReference: 'ELSEWHERE-77', message: 'Any 3 bedroom villa?' });
    expect(general).toMatchObject({ type: 'general', listingId: null, projectId: null, inputSource: 'astra', sourceDataId: 'R-GEN-1' });
    expect(general.remarks).toBe(`Any 3 bedroom villa?\n\n${M.generalLeadRemarks('ELSEWHERE-77')}`);
    const noReference = await portalLead('R-GEN-2', { message: 'Call me' });
    expect(noReference).toMatchObject({ type: 'general', remarks: 'Call me' });
  });

  it("give the lead to the provider's agent when nothing else routes it", async () => {
    const hinted = await partnerLead('R-HINT-1', { listingReference: 'ELSEWHERE-78', agentEmail: 'CEM@marina.example.com' });
    expect(hinted.agentId).toBe(world.agents[2].member.id);
    // Property Finder names the agent's public profile, mapped to Cem by the account's members sync.
    const profiled = await portalLead('R-HINT-2', { publicProfile: { id: 'pp-cem' } });
    expect(profiled.agentId).toBe(world.agents[2].member.id);
  });

  it("ignore the provider's agent when a listing or a project routes the lead", async () => {
    const listing = await partnerLead('R-HINT-3', { listingReference, agentEmail: 'cem@marina.example.com' });
    expect(listing).toMatchObject({ type: 'listing', agentId: world.listing.agentId });
    const project = await partnerLead('R-HINT-4', { listingReference: projectSlug, agentEmail: 'ann@marina.example.com' });
    expect(world.project.agentIds).toContain(project.agentId);
    expect(project.agentId).not.toBe(world.agents[0].member.id);
  });

  it("ignore a provider's agent who is a test agent, disabled, or not ours", async () => {
    for (const [id, email] of [
      ['R-HINT-5', 'tina@marina.example.com'],
      ['R-HINT-6', 'oscar@marina.example.com'],
      ['R-HINT-7', 'nobody@elsewhere.example.com'],
    ] as const) {
      const lead = await partnerLead(id, { listingReference: 'ELSEWHERE-79', agentEmail: email });
      expect(lead.type).toBe('general');
      expect([world.testAgent.id, world.disabledAgent.id]).not.toContain(lead.agentId);
      expect(world.agents.map((agent) => agent.member.id)).toContain(lead.agentId);
    }
    const unmapped = await portalLead('R-HINT-8', { publicProfile: { id: 'pp-unknown' } });
    expect(world.agents.map((agent) => agent.member.id)).toContain(unmapped.agentId);
  });
});
