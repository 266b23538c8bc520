import { type customerContract, DEBOUNCE_MS, type FieldKeyOf, LIMITS } from '@crm/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { trpc } from '../../../../app/trpc';
import { useDebouncedValue } from '../../../../kit/list/useDebouncedValue';
import { type CustomerOption, customerOptionOf } from '../customer-option';

/** The customer lookup's fields (email and phone only reach users who may see them). */
export const CUSTOMER_OPTION_FIELDS: FieldKeyOf<typeof customerContract>[] = [
  '_id',
  'fullName',
  'customerID',
  'phoneNumber',
  'email',
  'type',
  'sourceDataId',
];

/**
 * The customer select's search (GET customers/search: 1000 ms debounce, 40 results) over name, phone, email,
 * CRM id and customer ID. `pinned` keeps the chosen customer among the options whatever the search shows.
 */
export function useCustomerOptions(pinned: readonly CustomerOption[]) {
  const [term, setTerm] = useState('');
  const keyword = useDebouncedValue(term.trim(), DEBOUNCE_MS.CUSTOMER_SEARCH).value;
  const query = trpc.customers.search.useQuery(
    { keyword: keyword || undefined, filter: { limit: LIMITS.CUSTOMER_SEARCH, select: CUSTOMER_OPTION_FIELDS, sort: { fullName: 1 } } },
    { placeholderData: keepPreviousData },
  );
  const options = useMemo(() => {
    const found = (query.data?.data ?? []).map(customerOptionOf);
    const seen = new Set(found.map((c) => c._id));
    return [...pinned.filter((c) => !seen.has(c._id)), ...found];
  }, [query.data, pinned]);
  return { options, loading: query.isFetching, onSearch: setTerm };
}
