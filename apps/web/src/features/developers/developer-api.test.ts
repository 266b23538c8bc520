import type { developerContract, projectContract } from '@crm/domain';
import { describe, expectTypeOf, it } from 'vitest';
import type { RouterOutputs } from '../../app/trpc';
import type { ListAnswer, RecordAnswer } from '../../kit/resource/resource-api';

// The Developers screens reach the developers' and projects' procedures through the kit by contract name; these
// checks run in the typecheck and fail to compile if a router answered something else than its contract says.

type Developers = typeof developerContract;
type Projects = typeof projectContract;

describe("the developers' and projects' typed procedures", () => {
  it('are the routers own', () => {
    expectTypeOf<RouterOutputs['developers']['search']>().toEqualTypeOf<ListAnswer<Developers>>();
    expectTypeOf<RouterOutputs['developers']['byId']>().toEqualTypeOf<RecordAnswer<Developers>>();
    expectTypeOf<RouterOutputs['developers']['create']>().toEqualTypeOf<RecordAnswer<Developers>>();
    expectTypeOf<RouterOutputs['developers']['update']>().toEqualTypeOf<RecordAnswer<Developers>>();
    expectTypeOf<RouterOutputs['projects']['list']>().toEqualTypeOf<ListAnswer<Projects>>();
  });
});
