import { LIMITS, MESSAGES } from '@crm/domain';
import { Select } from 'antd';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  options: readonly FilterOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  loading?: boolean;
  testId?: string;
  /** Lets a filter load its options only once someone opens it. */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A multi-value dropdown filter: one tag, then 'and N more'; the dropdown at least
 * 224 px wide with 35 px options.
 */
export function FilterSelect({ label, options, value, onChange, loading, testId, onOpenChange }: FilterSelectProps) {
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={label}
      data-testid={testId}
      placeholder={label}
      loading={loading}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      value={[...value]}
      onChange={onChange}
      onOpenChange={onOpenChange}
      maxTagCount={LIMITS.FILTER_MAX_TAGS}
      maxTagPlaceholder={(omitted) => MESSAGES.common.andMore(omitted.length)}
      listItemHeight={LIMITS.FILTER_OPTION_HEIGHT}
      popupMatchSelectWidth={false}
      styles={{ root: { minWidth: LIMITS.FILTER_DROPDOWN_MIN_WIDTH }, popup: { root: { minWidth: LIMITS.FILTER_DROPDOWN_MIN_WIDTH } } }}
    />
  );
}
