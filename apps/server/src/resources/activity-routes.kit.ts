import type { ActivityAction } from '@crm/domain';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-app.js';
import type { LeadWorld } from '../modules/leads/testing.js';
import { type Body, RESOURCE_FIXTURES } from './resource-fixtures.js';
import { type Caller, restAs, type ResourceWorld } from './resource-test-kit.js';

// Test-only: what activity-log-routes.test.ts gives each case of its route table (docs/architecture.md 'The activity
// log'). A case prepares what its call needs, sends the call once, and names the activity rows it must leave.

export interface Answer {
  statusCode: number;
  body: string;
  json: () => unknown;
}

/** One activity row a call must leave: exactly one new row of this record, with this action. */
export interface Written {
  subjectType: string;
  subjectId: string;
  action: ActivityAction;
}

/** The call of a route, ready to send, and the rows it must leave once it answered. */
export interface PreparedCall {
  send: () => Promise<Answer>;
  rows: (answer: Answer) => Written[] | Promise<Written[]>;
  /** Kinds of record the call may also write rows for, as a consequence (leads handed on by a member leaving routing). */
  alsoLogs?: readonly string[];
  /** A public call (no one signs in: the customer's review through its link): its rows name the system, no user. */
  anonymous?: true;
}

/** The operation of the OpenAPI document a case is for (integrations.update<Provider> cases share one). */
export interface RouteOp {
  operationId: string;
  method: string;
  /** The document's path, `{param}` placeholders and all. */
  path: string;
}

export type RouteCase = (kit: RouteKit, op: RouteOp) => Promise<PreparedCall>;

export type Rest = ReturnType<typeof restAs>;

export interface RouteKit {
  ctx: TestContext;
  /** A company with two assets; its super admin works in asset A. */
  world: ResourceWorld;
  /** The lead engine's world (its own company): a manager, three agents, a listing and a project. */
  leads: LeadWorld;
  admin: Rest;
  /** A super admin of the lead world's company. */
  leadsAdmin: Rest;
  /** A record of the resource created through its generic POST (its fixture's body, merged with `extra`): its id. */
  create: (resource: string, extra?: Body) => Promise<string>;
  /** The `data` of a JSON answer. */
  data: <T = Record<string, unknown>>(answer: Answer) => T;
  /** Fills the path's `{param}`s. */
  path: (op: RouteOp, params: Record<string, string>) => string;
}

let n = 100;

export function createRouteKit(ctx: TestContext, world: ResourceWorld, leads: LeadWorld, leadsAdmin: Caller): RouteKit {
  const admin = restAs(ctx, world.admin);
  const post = async (path: string, body: Body): Promise<string> => {
    const res = await admin.post(path, body);
    expect(res.statusCode, `POST ${path}: ${res.body}`).toBe(201);
    return (res.json() as { data: { _id: string } }).data._id;
  };
  const pathOf: Record<string, string> = {
    customers: 'customers',
    listings: 'properties/listings',
    projects: 'properties/projects',
    members: 'teams/members',
    faqs: 'faqs/questions',
    customFields: 'properties/custom-fields',
    deals: 'deals',
  };
  return {
    ctx,
    world,
    leads,
    admin,
    leadsAdmin: restAs(ctx, leadsAdmin),
    create: async (resource, extra = {}) => {
      const fixture = RESOURCE_FIXTURES[resource]?.create;
      const path = pathOf[resource];
      if (!fixture || !path) throw new Error(`no fixture to create ${resource}`);
      n += 1;
      // A phone of its own: customers refuse a duplicate.
      const own = resource === 'customers' ? { phone: `50${String(Date.now() + n).slice(-7)}` } : {};
      return post(path, { ...(await fixture(post, n)), ...own, ...extra });
    },
    data: <T>(answer: Answer) => (answer.json() as { data: T }).data,
    path: (op, params) =>
      op.path.replace(/^\/api\//, '').replace(/\{(\w+)\}/g, (_m, name: string) => {
        const value = params[name];
        if (value === undefined) throw new Error(`${op.operationId}: no value for {${name}}`);
        return value;
      }),
  };
}
