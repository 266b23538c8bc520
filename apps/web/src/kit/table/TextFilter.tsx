import { MESSAGES } from '@crm/domain';
import { Input } from 'antd';

/** A part of a text value to look for (the list asks once typing pauses); emptied, it filters nothing. */
export function TextFilter({
  field,
  label,
  value,
  onChange,
}: {
  field: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <Input
      aria-label={MESSAGES.list.contains(label)}
      data-testid={`filter-${field}`}
      placeholder={MESSAGES.list.containsPlaceholder}
      allowClear
      autoComplete="off"
      maxLength={200}
      style={{ width: 180 }}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
    />
  );
}
