import { ALL_ROWS_LIMIT } from '@crm/domain';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { FilterField } from '../../kit/list/FilterField';
import { FilterSelect } from '../../kit/list/FilterSelect';
import type { ProjectOwnFilters } from './project-filters';

const LABEL = 'Developer';
const DEVELOPERS = { limit: ALL_ROWS_LIMIT, select: ['name' as const], sort: { name: 1 as const } };

/** The projects list's developer filter: the asset's developers by name, loaded once opened. */
export function DeveloperFilter({
  value,
  onChange,
}: {
  value: ProjectOwnFilters | null;
  onChange: (patch: Partial<ProjectOwnFilters>) => void;
}) {
  const selected = value?.developers ?? [];
  const [wanted, setWanted] = useState(selected.length > 0);
  const query = trpc.developers.list.useQuery({ filter: DEVELOPERS }, { enabled: wanted });
  const options = (query.data?.data ?? []).map((row) => ({ value: row._id, label: row.name ?? row._id }));
  return (
    <FilterField label={LABEL}>
      <FilterSelect
        label={LABEL}
        options={options}
        value={selected}
        loading={query.isFetching}
        onOpenChange={(open) => open && setWanted(true)}
        onChange={(developers) => onChange({ developers })}
        testId="filter-developer"
      />
    </FilterField>
  );
}
