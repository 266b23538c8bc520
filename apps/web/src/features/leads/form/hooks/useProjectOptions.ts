import { LIMITS } from '@crm/domain';
import { useMemo } from 'react';
import { trpc } from '../../../../app/trpc';
import { rowsOf } from '../support/record';

export const PROJECT_OPTION_FIELDS = [
  '_id',
  'name',
  'campaignName',
  'country',
  'city',
  'location',
  'bedrooms',
  'amenities',
  'unitTypes',
  'minPrice',
  'maxPrice',
];

/** Off-plan projects: no limit, searched in the select itself. */
export function useProjectOptions() {
  const query = trpc.resources.list.useQuery({
    resource: 'properties/projects',
    filter: { limit: LIMITS.PROJECT_SEARCH, select: PROJECT_OPTION_FIELDS, sort: { name: 1 }, query: { name: { $exists: true } } },
  });
  const projects = useMemo(() => rowsOf(query.data), [query.data]);
  return { projects, loading: query.isLoading };
}
