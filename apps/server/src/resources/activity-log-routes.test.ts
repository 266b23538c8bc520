import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../../test/fakes/fake-http.js';
import { startTrakheesiFake } from '../../test/fakes/trakheesi.fake.js';
import { createSuperAdminRole, createUser, loginAs } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createLeadWorld } from '../modules/leads/testing.js';
import { ADMIN_CASES } from '../modules/admin/admin.activity-cases.js';
import { API_KEY_CASES } from '../modules/api-keys/api-keys.activity-cases.js';
import { ASSET_CASES } from '../modules/assets/assets.activity-cases.js';
import { CONVERSATION_CASES } from '../modules/conversations/conversations.activity-cases.js';
import { CUSTOM_FIELD_CASES } from '../modules/custom-fields/custom-fields.activity-cases.js';
import { CUSTOMER_CASES } from '../modules/customers/customers.activity-cases.js';
import { DEAL_CASES } from '../modules/deals/deals.activity-cases.js';
import { FAQ_CASES } from '../modules/faqs/faqs.activity-cases.js';
import { INTEGRATION_CASES, integrationUpdateCase } from '../modules/integrations/integrations.activity-cases.js';
import { LEAD_CASES } from '../modules/leads/leads.activity-cases.js';
import { LISTING_CASES } from '../modules/listings/listings.activity-cases.js';
import { MEMBER_CASES } from '../modules/members/members.activity-cases.js';
import { PROFILE_CASES } from '../modules/profile/profile.activity-cases.js';
import { PROJECT_CASES } from '../modules/projects/projects.activity-cases.js';
import { REVIEW_CASES } from '../modules/reviews/reviews.activity-cases.js';
import { RESOURCES } from '../modules/register.js';
import { STORAGE_CASES } from '../modules/storage/storage.activity-cases.js';
import { NOT_RECORD_WRITES, WRITING_GETS } from './activity-routes.exempt.js';
import { createRouteKit, type RouteCase, type RouteKit, type RouteOp } from './activity-routes.kit.js';
import { type ProviderFakes, startProviderFakes } from './activity-routes.providers.js';
import { TRAKHEESI_PERMITS } from './activity-routes.shared.js';
import { createWorld } from './resource-test-kit.js';

// docs/architecture.md 'The activity log', for every route at once: each mutating route of the OpenAPI document (and
// each GET that writes) is either a write of the generic engine (walked resource by resource in activity-log.test.ts),
// a case that sends it once and finds exactly one new activity row per record it changed (each module keeps its own,
// <module>/<module>.activity-cases.ts, assembled here), or listed in activity-routes.exempt.ts as not a record write,
// with the reason. A new route that is none of these fails below.

const TABLE = "the route's module, apps/server/src/modules/<module>/<module>.activity-cases.ts";
const CASES: Readonly<Record<string, RouteCase>> = {
  ...ADMIN_CASES,
  ...API_KEY_CASES,
  ...ASSET_CASES,
  ...CONVERSATION_CASES,
  ...CUSTOM_FIELD_CASES,
  ...CUSTOMER_CASES,
  ...DEAL_CASES,
  ...FAQ_CASES,
  ...INTEGRATION_CASES,
  ...LEAD_CASES,
  ...LISTING_CASES,
  ...MEMBER_CASES,
  ...PROFILE_CASES,
  ...PROJECT_CASES,
  ...REVIEW_CASES,
  ...STORAGE_CASES,
};

/** The case of an operation: its own, or the one every provider's settings call shares. */
const caseOf = (op: RouteOp): RouteCase | undefined =>
  CASES[op.operationId] ?? (/^integrations\.update[A-Z]/.test(op.operationId) ? integrationUpdateCase : undefined);

/** The generic engine's write routes of every registered resource (resource.routes.ts), by method and path. */
function genericWrites(): Set<string> {
  const routes = new Set<string>();
  for (const def of RESOURCES) {
    const base = `/api/${def.path}`;
    routes.add(`POST ${base}`);
    routes.add(`PATCH ${base}/{id}`);
    routes.add(`DELETE ${base}/{id}`);
    routes.add(`POST ${base}/chekinio`);
    routes.add(`DELETE ${base}/{id}/force`);
    routes.add(`GET ${base}/{id}/restore`);
  }
  return routes;
}

let ctx: TestContext;
let kit: RouteKit;
let trakheesi: FakeProvider;
let providers: ProviderFakes;
let ops: RouteOp[] = [];

beforeAll(async () => {
  trakheesi = await startTrakheesiFake(TRAKHEESI_PERMITS);
  providers = await startProviderFakes();
  ctx = await createTestApp({ envOverrides: { INTEGRATION_BASE_URL_TRAKHEESI: trakheesi.url, ...providers.env } });
  const world = await createWorld(ctx);
  const leads = await createLeadWorld(ctx);
  const leadsAdmin = await createUser(ctx, { role: await createSuperAdminRole(ctx, leads.company), assets: [leads.asset] });
  kit = createRouteKit(ctx, world, leads, { headers: await loginAs(ctx, leadsAdmin.email), userId: leadsAdmin.id });
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const generic = genericWrites();
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) => {
      const verb = method.toUpperCase();
      const operationId = op.operationId ?? `${verb} ${path}`;
      const writes =
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(verb) || WRITING_GETS.includes(operationId) || generic.has(`${verb} ${path}`);
      return writes && !generic.has(`${verb} ${path}`) ? [{ operationId, method: verb, path }] : [];
    }),
  );
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await trakheesi?.close();
  await providers?.close();
});

describe('every mutating route leaves its activity row, or says why not', () => {
  it('has a place in the table for each route of the OpenAPI document, and none for a route that is gone', () => {
    expect(ops.length).toBeGreaterThan(50);
    const missing = ops
      .filter((op) => !caseOf(op) && !NOT_RECORD_WRITES[op.operationId])
      .map(
        (op) =>
          `${op.method} ${op.path} (${op.operationId}) writes, but the activity route table does not know it: add a case that ` +
          `sends it and names the row it must leave (${TABLE}), or list it in NOT_RECORD_WRITES with the reason it changes no record`,
      );
    expect(missing, missing.join('\n')).toEqual([]);
    const known = new Set(ops.map((op) => op.operationId));
    const stale = [...Object.keys(CASES), ...Object.keys(NOT_RECORD_WRITES)].filter((id) => !known.has(id));
    expect(stale, `entries of routes the document no longer has: ${stale.join(', ')}`).toEqual([]);
    const both = Object.keys(CASES).filter((id) => NOT_RECORD_WRITES[id]);
    expect(both, 'a route is either a case or not a record write').toEqual([]);
  });

  it('sends each case once: exactly one new row per record it changed, by the caller, and no other', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      const run = caseOf(op);
      if (!run) continue;
      try {
        const prepared = await run(kit, op);
        const before = new Set((await ctx.db.activityLog.findMany({ select: { id: true } })).map((row) => row.id));
        const answer = await prepared.send();
        if (answer.statusCode >= 300) {
          failures.push(`${op.operationId}: answered ${answer.statusCode} ${answer.body.slice(0, 300)}`);
          continue;
        }
        const expected = await prepared.rows(answer);
        const fresh = (await ctx.db.activityLog.findMany({ orderBy: { id: 'asc' } })).filter((row) => !before.has(row.id));
        const rows = fresh.filter(
          (row) => !prepared.alsoLogs?.includes(row.subjectType) || expected.some((e) => e.subjectType === row.subjectType),
        );
        const got = rows.map((row) => `${row.subjectType}/${row.subjectId}/${row.action}`).sort();
        const want = expected.map((row) => `${row.subjectType}/${row.subjectId}/${row.action}`).sort();
        if (expected.length === 0) failures.push(`${op.operationId}: the case expects no row; list it as not a record write instead`);
        else if (JSON.stringify(got) !== JSON.stringify(want))
          failures.push(`${op.operationId}: expected rows ${want.join(', ')}; got ${got.join(', ') || 'none'}`);
        else if (rows.some((row) => (!row.userId && !prepared.anonymous) || !row.companyId))
          failures.push(`${op.operationId}: a row without its user or company`);
      } catch (error) {
        failures.push(`${op.operationId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 240_000);
});
