import { MESSAGES } from '@crm/domain';
import { InputNumber, Space } from 'antd';
import type { NumberRange } from './filter-defs';

interface NumberRangeFilterProps {
  field: string;
  label: string;
  value: NumberRange | null;
  /** Both ends open is no filter (null). */
  onChange: (value: NumberRange | null) => void;
  /** The lowest value either end takes (0 for prices and sizes). */
  min?: number;
}

/** A number range, either end open: 'Min floor' and 'Max floor', both included. */
export function NumberRangeFilter({ field, label, value, onChange, min }: NumberRangeFilterProps) {
  const set = (next: NumberRange) => onChange(next.min === null && next.max === null ? null : next);
  const number = (typed: number | string | null) => (typeof typed === 'number' && Number.isFinite(typed) ? typed : null);
  return (
    <Space.Compact data-testid={`filter-${field}`}>
      <InputNumber
        aria-label={MESSAGES.list.rangeBound(label, 'Min')}
        placeholder={MESSAGES.list.min}
        {...(min !== undefined ? { min } : {})}
        value={value?.min ?? null}
        onChange={(typed) => set({ min: number(typed), max: value?.max ?? null })}
        style={{ width: 120 }}
      />
      <InputNumber
        aria-label={MESSAGES.list.rangeBound(label, 'Max')}
        placeholder={MESSAGES.list.max}
        {...(min !== undefined ? { min } : {})}
        value={value?.max ?? null}
        onChange={(typed) => set({ min: value?.min ?? null, max: number(typed) })}
        style={{ width: 120 }}
      />
    </Space.Compact>
  );
}
