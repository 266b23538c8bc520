import type { AnyResourceContract } from '@crm/domain';
import { FilterField } from '../list/FilterField';
import { FilterSelect } from '../list/FilterSelect';
import { BooleanFilter } from './BooleanFilter';
import type { DateFilter } from './date-filter';
import { DateFilterControl } from './DateFilterControl';
import { DayRangeFilter } from './DayRangeFilter';
import { DistinctFilter } from './DistinctFilter';
import { type DayRange, type FilterDef, type FilterValue, type NumberRange, parseNumberRange } from './filter-defs';
import { NumberRangeFilter } from './NumberRangeFilter';
import { TextFilter } from './TextFilter';

interface FilterControlProps {
  contract: AnyResourceContract;
  def: FilterDef;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  now: Date;
  timeZone: string | undefined;
}

const isObject = (value: FilterValue): value is DateFilter | NumberRange =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const dayRangeOf = (value: FilterValue): DayRange | null => (isObject(value) && 'from' in value ? value : null);

/**
 * One filter of a list, by its kind: values (the enum's or the field's distinct ones), Yes/No, dates, and the
 * custom fields' text part, number range and day range.
 */
export function FilterControl({ contract, def, value, onChange, now, timeZone }: FilterControlProps) {
  let control: React.ReactNode;
  switch (def.kind) {
    case 'boolean':
      control = <BooleanFilter field={def.key} label={def.label} value={typeof value === 'boolean' ? value : null} onChange={onChange} />;
      break;
    case 'date':
      control = (
        <DateFilterControl
          field={def.key}
          label={def.label}
          value={isObject(value) && !('min' in value) ? value : null}
          onChange={onChange}
          now={now}
          timeZone={timeZone}
        />
      );
      break;
    case 'text':
      control = <TextFilter field={def.key} label={def.label} value={typeof value === 'string' ? value : null} onChange={onChange} />;
      break;
    case 'range':
      control = <NumberRangeFilter field={def.key} label={def.label} value={parseNumberRange(value) ?? null} onChange={onChange} />;
      break;
    case 'days':
      control = <DayRangeFilter field={def.key} label={def.label} value={dayRangeOf(value)} onChange={onChange} />;
      break;
    default: {
      const chosen = Array.isArray(value) ? value : [];
      control = def.options ? (
        <FilterSelect
          label={def.label}
          testId={`filter-${def.key}`}
          options={def.options.map((option) => ({ value: option, label: option }))}
          value={chosen}
          onChange={onChange}
        />
      ) : (
        <DistinctFilter contract={contract} field={def.key} label={def.label} value={chosen} onChange={onChange} />
      );
    }
  }
  return <FilterField label={def.label}>{control}</FilterField>;
}
