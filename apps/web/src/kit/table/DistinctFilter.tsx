import type { AnyResourceContract } from '@crm/domain';
import { useMemo, useState } from 'react';
import { FilterSelect } from '../list/FilterSelect';
import { useDistinctValues } from '../resource/resource-api';

interface DistinctFilterProps {
  contract: AnyResourceContract;
  field: string;
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
}

/** A value filter whose options are the field's distinct values, loaded once it is first opened. */
export function DistinctFilter({ contract, field, label, value, onChange }: DistinctFilterProps) {
  const [opened, setOpened] = useState(false);
  const query = useDistinctValues(contract, field, opened);
  const options = useMemo(
    () =>
      (query.data?.data ?? [])
        .filter((item) => typeof item === 'string' || typeof item === 'number')
        .map((item) => ({ value: String(item), label: String(item) })),
    [query.data],
  );
  return (
    <FilterSelect
      label={label}
      testId={`filter-${field}`}
      options={options}
      value={value}
      onChange={onChange}
      loading={query.isPending && query.fetchStatus !== 'idle'}
      onOpenChange={(open) => open && setOpened(true)}
    />
  );
}
