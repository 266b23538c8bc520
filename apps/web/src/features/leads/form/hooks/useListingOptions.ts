import { DEBOUNCE_MS, type FieldKeyOf, LIMITS, type listingContract } from '@crm/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { trpc } from '../../../../app/trpc';
import { useDebouncedValue } from '../../../../kit/list/useDebouncedValue';
import type { ListingOption } from '../lead-form-values';

/** What the auto-fill reads from a listing (docs/product.md 'Lead form'). */
export const LISTING_OPTION_FIELDS: FieldKeyOf<typeof listingContract>[] = [
  '_id',
  'reference',
  'title',
  'leadType',
  'unitType',
  'country',
  'city',
  'location',
  'subLocation',
  'community',
  'bedrooms',
  'bathrooms',
  'amenities',
  'price',
];

/** Listing search (1000 ms debounce, 100 results) by reference, city, location, sub-location. */
export function useListingOptions(pinned: readonly ListingOption[]) {
  const [term, setTerm] = useState('');
  const keyword = useDebouncedValue(term.trim(), DEBOUNCE_MS.LISTING_SEARCH).value;
  const query = trpc.listings.search.useQuery(
    {
      keyword: keyword || undefined,
      filter: { limit: LIMITS.LISTING_SEARCH, select: LISTING_OPTION_FIELDS, sort: { reference: 1 } },
    },
    { placeholderData: keepPreviousData },
  );
  const listings = useMemo(() => {
    const found = query.data?.data ?? [];
    const seen = new Set(found.map((l) => l._id));
    return [...pinned.filter((l) => !seen.has(l._id)), ...found];
  }, [query.data, pinned]);
  return { listings, loading: query.isFetching, onSearch: setTerm };
}
