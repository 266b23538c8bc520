import { LIMITS, type FieldKeyOf, type projectContract } from '@crm/domain';
import { useMemo } from 'react';
import { trpc } from '../../../../app/trpc';

export const PROJECT_OPTION_FIELDS: FieldKeyOf<typeof projectContract>[] = [
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
  const query = trpc.projects.list.useQuery({
    filter: { limit: LIMITS.PROJECT_SEARCH, select: PROJECT_OPTION_FIELDS, sort: { name: 1 }, query: { name: { $exists: true } } },
  });
  const projects = useMemo(() => query.data?.data ?? [], [query.data]);
  return { projects, loading: query.isLoading };
}
