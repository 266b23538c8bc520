import { customerContract, DEBOUNCE_MS, dealContract, leadContract } from '@crm/domain';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { useDebouncedValue } from '../../kit/list/useDebouncedValue';
import { useResourcePermissions } from '../../kit/resource/useResourcePermissions';

// The new task form's lookups of what it is about: leads by ID, customers by name, deals by title (the generic
// search of each, 20 at a time), each only for who may read it.

export interface AboutOptions {
  allowed: boolean;
  options: { value: string; label: string }[];
  loading: boolean;
  onSearch: (text: string) => void;
}

const PAGE = { limit: 20 };

function useKeyword() {
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text.trim(), DEBOUNCE_MS.SEARCH_INPUT);
  return { keyword: keyword.value, setText };
}

export function useLeadOptions(): AboutOptions {
  const allowed = useResourcePermissions(leadContract).read;
  const { keyword, setText } = useKeyword();
  const query = trpc.leads.search.useQuery(
    { keyword, filter: { ...PAGE, select: ['_id', 'leadID'], sort: { createdAt: -1 } } },
    { enabled: allowed },
  );
  const options = (query.data?.data ?? []).map((row) => ({ value: row._id, label: `Lead ${row.leadID ?? row._id}` }));
  return { allowed, options, loading: query.isFetching, onSearch: setText };
}

export function useCustomerOptions(): AboutOptions {
  const allowed = useResourcePermissions(customerContract).read;
  const { keyword, setText } = useKeyword();
  const query = trpc.customers.search.useQuery({ keyword, filter: { ...PAGE, select: ['_id', 'fullName'] } }, { enabled: allowed });
  const options = (query.data?.data ?? []).map((row) => ({ value: row._id, label: row.fullName || row._id }));
  return { allowed, options, loading: query.isFetching, onSearch: setText };
}

export function useDealOptions(): AboutOptions {
  const allowed = useResourcePermissions(dealContract).read;
  const { keyword, setText } = useKeyword();
  const query = trpc.deals.search.useQuery({ keyword, filter: { ...PAGE, select: ['_id', 'title'] } }, { enabled: allowed });
  const options = (query.data?.data ?? []).map((row) => ({ value: row._id, label: row.title || row._id }));
  return { allowed, options, loading: query.isFetching, onSearch: setText };
}
