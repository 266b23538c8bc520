import { useState } from 'react';
import { FilterField } from '../../../kit/list/FilterField';
import { FilterSelect } from '../../../kit/list/FilterSelect';
import type { DistinctFilterField } from './leads-report-filters';
import { useLeadDistinctValues } from './useLeadDistinctValues';

/** A value filter whose options are the distinct values of a lead field in the active asset. */
export function LeadDistinctFilter({
  field,
  label,
  value,
  onChange,
}: {
  field: DistinctFilterField;
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const [opened, setOpened] = useState(false);
  const { options, loading } = useLeadDistinctValues(field, opened);
  return (
    <FilterField label={label}>
      <FilterSelect
        label={label}
        testId={`filter-${field}`}
        options={options.map((o) => ({ value: o, label: o }))}
        value={value}
        onChange={onChange}
        loading={loading}
        onOpenChange={(open) => open && setOpened(true)}
      />
    </FilterField>
  );
}
