import {
  ALL_ROWS_LIMIT,
  type AnyResourceContract,
  type ContractCreateInput,
  type ContractListFilter,
  type ContractRecord,
  type ContractRow,
  type ContractUpdateInput,
  type DistinctKeyOf,
  type PaginatorMeta,
  type PopulateOf,
} from '@crm/domain';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { trpc } from '../../app/trpc';
import type { CallMeta } from '../api/mutation-errors';

// A contract's typed tRPC procedures (apps/server/src/resources/resource-procedures.ts), reached by the contract's
// name: the app router keys each resource's router by it (apps/server/src/trpc/app-router.ts). resource-api.test.ts
// proves, for the contracts the screens use through the kit, that these types are the router's own.

export interface ListAnswer<C> {
  data: ContractRow<C>[];
  meta: PaginatorMeta;
}
export interface RecordAnswer<C> {
  data: ContractRecord<C>;
}
export interface DistinctAnswer {
  data: (string | number | boolean)[];
}

/** The query options the kit passes (a subset of tRPC's). */
export interface QueryOptions<T> {
  enabled?: boolean;
  staleTime?: number;
  retry?: boolean;
  placeholderData?: <P extends T>(previous: P | undefined) => P | undefined;
}

interface Query<Input, Output> {
  useQuery(input: Input, options?: QueryOptions<Output>): UseQueryResult<Output>;
}
interface Mutation<Input, Output> {
  /** `meta`: SCREEN_SHOWS_ERROR when the kit shows the failure itself (kit/api/mutation-errors.ts). */
  useMutation(options?: { meta?: CallMeta }): UseMutationResult<Output, unknown, Input>;
}

export interface ListInput<C> {
  filter?: ContractListFilter<C>;
  /** Only for `search`: matched over the contract's searchable fields. */
  keyword?: string;
}

export interface ResourceApi<C> {
  list: Query<ListInput<C>, ListAnswer<C>>;
  search: Query<ListInput<C>, ListAnswer<C>>;
  byId: Query<{ id: string; populate?: PopulateOf<C>[] }, RecordAnswer<C>>;
  distinct: Query<{ field: DistinctKeyOf<C>; filter?: ContractListFilter<C> }, DistinctAnswer>;
  create: Mutation<ContractCreateInput<C>, RecordAnswer<C>>;
  update: Mutation<{ id: string; data: ContractUpdateInput<C> }, RecordAnswer<C>>;
  remove: Mutation<{ id: string }, RecordAnswer<C>>;
}

/** What a mutation invalidates: every cached answer of the resource. */
export interface ResourceUtils {
  invalidate(): Promise<void>;
}

type Keyed<T> = Readonly<Record<string, T | undefined>>;

/** Distinct values change rarely while a list is open. */
const DISTINCT_STALE_MS = 5 * 60_000;

export function resourceApi<C extends AnyResourceContract>(contract: C): ResourceApi<C> {
  // The tRPC proxy answers any key at run time; the router type behind it is checked in resource-api.test.ts.
  const api = (trpc as unknown as Keyed<ResourceApi<C>>)[contract.name];
  if (!api) throw new Error(`No tRPC router for contract '${contract.name}'`);
  return api;
}

export function resourceUtils(utils: ReturnType<typeof trpc.useUtils>, contract: AnyResourceContract): ResourceUtils {
  const keyed = utils as unknown as Keyed<ResourceUtils>;
  const own = keyed[contract.name];
  if (!own) throw new Error(`No tRPC utils for contract '${contract.name}'`);
  return own;
}

/**
 * The distinct values of a field, as a list filter's options (asked for once `enabled`: the filter was opened).
 * The field comes from the contract's distinct keys (filter-defs.ts); the server checks it again.
 */
export function useDistinctValues(contract: AnyResourceContract, field: string, enabled: boolean) {
  const distinct = (resourceApi(contract) as ResourceApi<AnyResourceContract>).distinct as unknown as Query<
    { field: string; filter: { limit: number } },
    DistinctAnswer
  >;
  return distinct.useQuery({ field, filter: { limit: ALL_ROWS_LIMIT } }, { enabled, staleTime: DISTINCT_STALE_MS });
}
