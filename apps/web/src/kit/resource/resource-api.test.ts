import type { customerContract, leadContract } from '@crm/domain';
import { describe, expectTypeOf, it } from 'vitest';
import type { RouterInputs, RouterOutputs } from '../../app/trpc';
import type { ListAnswer, ListInput, RecordAnswer, ResourceApi } from './resource-api';

// The kit reaches a contract's procedures by its name (resource-api.ts). These checks run in the typecheck: if a
// router answered or asked for something else than its contract says, they fail to compile.

type Customers = typeof customerContract;
type Leads = typeof leadContract;
type InputOf<Q> = Q extends { useQuery(input: infer I, ...rest: never[]): unknown } ? I : never;

describe('the typed procedures of a contract', () => {
  it('are the routers own for customers', () => {
    expectTypeOf<RouterOutputs['customers']['list']>().toEqualTypeOf<ListAnswer<Customers>>();
    expectTypeOf<RouterOutputs['customers']['search']>().toEqualTypeOf<ListAnswer<Customers>>();
    expectTypeOf<RouterOutputs['customers']['byId']>().toEqualTypeOf<RecordAnswer<Customers>>();
    expectTypeOf<RouterOutputs['customers']['create']>().toEqualTypeOf<RecordAnswer<Customers>>();
    expectTypeOf<RouterOutputs['customers']['update']>().toEqualTypeOf<RecordAnswer<Customers>>();
    expectTypeOf<RouterOutputs['customers']['remove']>().toEqualTypeOf<RecordAnswer<Customers>>();
    expectTypeOf<NonNullable<RouterInputs['customers']['list']['filter']>>().toEqualTypeOf<
      NonNullable<InputOf<ResourceApi<Customers>['list']>['filter']>
    >();
    expectTypeOf<RouterInputs['customers']['create']>().toEqualTypeOf<
      Parameters<ReturnType<ResourceApi<Customers>['create']['useMutation']>['mutate']>[0]
    >();
  });

  it('are the routers own for the leads lists', () => {
    expectTypeOf<RouterOutputs['leads']['list']>().toEqualTypeOf<ListAnswer<Leads>>();
    expectTypeOf<RouterOutputs['leads']['search']>().toEqualTypeOf<ListAnswer<Leads>>();
    expectTypeOf<RouterInputs['leads']['search']>().toEqualTypeOf<ListInput<Leads>>();
  });
});
