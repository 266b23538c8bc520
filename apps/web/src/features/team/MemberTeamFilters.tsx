import { ALL_ROWS_LIMIT } from '@crm/domain';
import { useState } from 'react';
import { trpc } from '../../app/trpc';
import { FilterField } from '../../kit/list/FilterField';
import { FilterSelect } from '../../kit/list/FilterSelect';
import type { MemberOwnFilters } from './member-filters';

const NAMES = { limit: ALL_ROWS_LIMIT, select: ['name' as const], sort: { name: 1 as const } };

/** The members list's Department and Group filters: the asset's names, loaded once a filter is opened. */
export function MemberTeamFilters({
  value,
  onChange,
}: {
  value: MemberOwnFilters | null;
  onChange: (patch: Partial<MemberOwnFilters>) => void;
}) {
  const departments = value?.departments ?? [];
  const groups = value?.groups ?? [];
  const [wanted, setWanted] = useState(departments.length > 0 || groups.length > 0);
  const departmentRows = trpc.departments.list.useQuery({ filter: NAMES }, { enabled: wanted });
  const groupRows = trpc.groups.list.useQuery({ filter: NAMES }, { enabled: wanted });
  const optionsOf = (rows: { _id: string; name?: string | null }[] | undefined) =>
    (rows ?? []).map((row) => ({ value: row._id, label: row.name ?? row._id }));
  const open = (isOpen: boolean) => isOpen && setWanted(true);
  return (
    <>
      <FilterField label="Department">
        <FilterSelect
          label="Department"
          options={optionsOf(departmentRows.data?.data)}
          value={departments}
          loading={departmentRows.isFetching}
          onOpenChange={open}
          onChange={(next) => onChange({ departments: next })}
          testId="filter-department"
        />
      </FilterField>
      <FilterField label="Group">
        <FilterSelect
          label="Group"
          options={optionsOf(groupRows.data?.data)}
          value={groups}
          loading={groupRows.isFetching}
          onOpenChange={open}
          onChange={(next) => onChange({ groups: next })}
          testId="filter-group"
        />
      </FilterField>
    </>
  );
}
