import { LIMITS, MESSAGES } from '@crm/domain';
import { Select } from 'antd';

const YES = 'yes';
const NO = 'no';

interface BooleanFilterProps {
  field: string;
  label: string;
  value: boolean | null;
  onChange: (value: boolean | null) => void;
  /** A filter with a default (Exclude Test Agents) cannot be cleared, only turned. */
  clearable?: boolean;
}

/** A Yes/No filter; cleared, it filters nothing. */
export function BooleanFilter({ field, label, value, onChange, clearable = true }: BooleanFilterProps) {
  return (
    <Select<string>
      aria-label={label}
      data-testid={`filter-${field}`}
      placeholder={label}
      allowClear={clearable}
      style={{ minWidth: 120 }}
      value={value === null ? undefined : value ? YES : NO}
      options={[
        { value: YES, label: MESSAGES.common.yes },
        { value: NO, label: MESSAGES.common.no },
      ]}
      listItemHeight={LIMITS.FILTER_OPTION_HEIGHT}
      onChange={(choice: string | undefined) => onChange(choice === undefined ? null : choice === YES)}
    />
  );
}
