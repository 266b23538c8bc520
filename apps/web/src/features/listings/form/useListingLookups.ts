import { ALL_ROWS_LIMIT, DEBOUNCE_MS } from '@crm/domain';
import { useMemo, useState } from 'react';
import { type RouterInputs, trpc } from '../../../app/trpc';
import { useDebouncedValue } from '../../../kit/list/useDebouncedValue';

// The listing screens' lookups: the asset's named team members (agent), the tags already in use, and the owner
// search over customers. Failures are silent: the list is just empty.

const LOOKUP = { staleTime: 60_000, retry: false } as const;
const MEMBERS: NonNullable<RouterInputs['members']['list']['filter']> = {
  limit: ALL_ROWS_LIMIT,
  select: ['_id', 'name'],
  sort: { name: 1 as const },
  query: { name: { $exists: true } },
};
const OWNER_SEARCH_LIMIT = 40;

export interface Option {
  value: string;
  label: string;
}

export function useAgentOptions(): Option[] {
  const query = trpc.members.list.useQuery({ filter: MEMBERS }, LOOKUP);
  return useMemo(() => (query.data?.data ?? []).map((row) => ({ value: row._id, label: row.name || row._id })), [query.data]);
}

export function useTagOptions(): Option[] {
  const query = trpc.lookups.listing.useQuery({ lookup: 'tags' }, LOOKUP);
  return useMemo(
    () => (query.data?.data ?? []).flatMap((tag) => (typeof tag === 'string' ? [{ value: tag, label: tag }] : [])),
    [query.data],
  );
}

/** Customers whose name, ID or contact holds the typed text (40 at most, like the lead form's search). */
export function useOwnerSearch() {
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text.trim(), DEBOUNCE_MS.SEARCH_INPUT);
  const query = trpc.customers.search.useQuery(
    { filter: { limit: OWNER_SEARCH_LIMIT, select: ['fullName', 'customerID'] }, keyword: keyword.value },
    { ...LOOKUP, enabled: keyword.value.length > 0 },
  );
  const options = useMemo<Option[]>(
    () => (query.data?.data ?? []).map((row) => ({ value: row._id, label: `${row.fullName ?? ''} (${row.customerID ?? ''})` })),
    [query.data],
  );
  return { options, setText, loading: query.isFetching };
}
