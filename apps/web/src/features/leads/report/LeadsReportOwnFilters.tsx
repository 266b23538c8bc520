import { ReloadOutlined } from '@ant-design/icons';
import { DATE_PRESETS, isDatePreset, LEAD_STATUSES, LIMITS, MARKETS, type LeadStatus, type Market } from '@crm/domain';
import { Button, DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FilterField } from '../../../kit/list/FilterField';
import { FilterSelect } from '../../../kit/list/FilterSelect';
import { dateFilterRange, DISTINCT_FILTERS, hasActiveFilters, type LeadsReportFilters } from './leads-report-filters';
import { LeadDistinctFilter } from './LeadDistinctFilter';

interface FilterBarProps {
  filters: LeadsReportFilters;
  onChange: (patch: Partial<LeadsReportFilters>) => void;
  onReset: () => void;
  timeZone: string | undefined;
  now: Date;
}

const YES = 'yes';
const NO = 'no';
const DAY_FORMAT = 'YYYY-MM-DD';

/** The Leads report's filters (docs/product.md 'Leads report'). Every change goes through the list engine (debounced, cached). */
export function LeadsReportFilterBar({ filters, onChange, onReset, timeZone, now }: FilterBarProps) {
  const range = filters.date ? dateFilterRange(filters.date, now, timeZone) : null;
  const pickerValue: [Dayjs, Dayjs] | null = range ? [dayjs(range.from), dayjs(range.to)] : null;
  const preset = filters.date && 'preset' in filters.date ? filters.date.preset : undefined;

  return (
    <Space wrap size={[12, 12]} align="end" style={{ marginBottom: 16 }}>
      <FilterField label="Exclude Test Agents">
        <Select
          aria-label="Exclude Test Agents"
          data-testid="filter-exclude-test-agents"
          style={{ width: 120 }}
          value={filters.excludeTestAgents ? YES : NO}
          options={[
            { value: YES, label: 'Yes' },
            { value: NO, label: 'No' },
          ]}
          onChange={(value: string) => onChange({ excludeTestAgents: value === YES })}
        />
      </FilterField>
      <FilterField label="Market">
        <FilterSelect
          label="Market"
          testId="filter-market"
          options={MARKETS.map((m) => ({ value: m, label: m }))}
          value={filters.markets}
          onChange={(v) => onChange({ markets: v as Market[] })}
        />
      </FilterField>
      <FilterField label="Status">
        <FilterSelect
          label="Status"
          testId="filter-status"
          options={LEAD_STATUSES.map((s) => ({ value: s, label: s }))}
          value={filters.statuses}
          onChange={(v) => onChange({ statuses: v as LeadStatus[] })}
        />
      </FilterField>
      <FilterField label="Created">
        <Space.Compact>
          <Select
            aria-label="Date preset"
            data-testid="filter-date-preset"
            allowClear
            placeholder="Any time"
            style={{ width: 140 }}
            value={preset}
            options={DATE_PRESETS.map((p) => ({ value: p, label: p }))}
            onChange={(value: string | undefined) => onChange({ date: isDatePreset(value) ? { preset: value } : null })}
            listItemHeight={LIMITS.FILTER_OPTION_HEIGHT}
          />
          <DatePicker.RangePicker
            aria-label="Date range"
            data-testid="filter-date-range"
            value={pickerValue}
            allowClear
            onChange={(dates) => {
              const [from, to] = dates ?? [];
              onChange({ date: from && to ? { from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) } : null });
            }}
          />
        </Space.Compact>
      </FilterField>
      {DISTINCT_FILTERS.map(({ key, field, label }) => (
        <LeadDistinctFilter key={key} field={field} label={label} value={filters[key]} onChange={(value) => onChange({ [key]: value })} />
      ))}
      <Button icon={<ReloadOutlined />} onClick={onReset} disabled={!hasActiveFilters(filters)}>
        Reset
      </Button>
    </Space>
  );
}
