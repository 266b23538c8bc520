import type { TestContext } from '../../test/test-app.js';
import type { ResourceWorld } from './resource-test-kit.js';

// Test-only: what a resource brings to the tests that walk every resource (resource-fixtures.ts lists them; a
// module keeps its own beside its resource, e.g. <name>.fixture.ts).

export type Body = Record<string, unknown>;
/** Creates a record through the API at `path`; answers its id. */
export type Post = (path: string, body: Body) => Promise<string>;

export interface ResourceFixture {
  /** A create body with values of its own (`n` keeps unique columns apart); `post` creates what it refers to. */
  create?: (post: Post, n: number) => Promise<Body>;
  update?: Body;
  /** Read-only resources: a row of the admin's asset (or company), inserted with Prisma; answers its id. */
  insert?: (ctx: TestContext, world: ResourceWorld) => Promise<string>;
}
