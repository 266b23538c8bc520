import { MESSAGES } from '@crm/domain';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { type ComponentRef, useEffect, useRef } from 'react';
import { leaveOnTab } from '../a11y/leave-on-tab';
import type { DayRange } from './filter-defs';

const DAY_FORMAT = 'YYYY-MM-DD';

/** A range of calendar days, both included, for values stored as days (a custom date field): no zone involved. */
export function DayRangeFilter({
  field,
  label,
  value,
  onChange,
}: {
  field: string;
  label: string;
  value: DayRange | null;
  onChange: (value: DayRange | null) => void;
}) {
  const picker = useRef<ComponentRef<typeof DatePicker.RangePicker>>(null);
  useEffect(() => {
    const element = picker.current?.nativeElement;
    return element ? leaveOnTab(element) : undefined;
  }, []);
  return (
    <DatePicker.RangePicker
      ref={picker}
      aria-label={MESSAGES.list.dateRange(label)}
      data-testid={`filter-${field}`}
      format={DAY_FORMAT}
      placeholder={[`${label}: ${MESSAGES.list.rangeStart}`, `${label}: ${MESSAGES.list.rangeEnd}`]}
      value={value ? [dayjs(value.from), dayjs(value.to)] : null}
      allowClear
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        onChange(from && to ? { from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) } : null);
      }}
    />
  );
}
