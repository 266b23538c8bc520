import { DATE_PRESETS, isDatePreset, LIMITS, MESSAGES } from '@crm/domain';
import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ComponentRef, useEffect, useRef } from 'react';
import { leaveOnTab } from '../a11y/leave-on-tab';
import { type DateFilter, dateFilterRange } from './date-filter';

const DAY_FORMAT = 'YYYY-MM-DD';

interface DateFilterControlProps {
  field: string;
  label: string;
  value: DateFilter | null;
  onChange: (value: DateFilter | null) => void;
  now: Date;
  timeZone: string | undefined;
}

/** A date filter: a preset (Today ... Last Year) or a range of whole days, in the caller's zone. */
export function DateFilterControl({ field, label, value, onChange, now, timeZone }: DateFilterControlProps) {
  const range = value ? dateFilterRange(value, now, timeZone) : null;
  const pickerValue: [Dayjs, Dayjs] | null = range ? [dayjs(range.from), dayjs(range.to)] : null;
  const preset = value && 'preset' in value ? value.preset : undefined;
  const picker = useRef<ComponentRef<typeof DatePicker.RangePicker>>(null);
  useEffect(() => {
    const element = picker.current?.nativeElement;
    return element ? leaveOnTab(element) : undefined;
  }, []);
  return (
    <Space.Compact>
      <Select
        aria-label={MESSAGES.list.datePreset(label)}
        data-testid={`filter-${field}-preset`}
        allowClear
        placeholder={MESSAGES.list.anyTime}
        style={{ width: 140 }}
        value={preset}
        options={DATE_PRESETS.map((p) => ({ value: p, label: p }))}
        onChange={(choice: string | undefined) => onChange(isDatePreset(choice) ? { preset: choice } : null)}
        listItemHeight={LIMITS.FILTER_OPTION_HEIGHT}
      />
      <DatePicker.RangePicker
        ref={picker}
        aria-label={MESSAGES.list.dateRange(label)}
        data-testid={`filter-${field}-range`}
        placeholder={[`${label}: ${MESSAGES.list.rangeStart}`, `${label}: ${MESSAGES.list.rangeEnd}`]}
        value={pickerValue}
        allowClear
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          onChange(from && to ? { from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) } : null);
        }}
      />
    </Space.Compact>
  );
}
