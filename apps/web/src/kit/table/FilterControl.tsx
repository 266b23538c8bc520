import type { AnyResourceContract } from '@crm/domain';
import { FilterField } from '../list/FilterField';
import { FilterSelect } from '../list/FilterSelect';
import { BooleanFilter } from './BooleanFilter';
import type { DateFilter } from './date-filter';
import { DateFilterControl } from './DateFilterControl';
import { DistinctFilter } from './DistinctFilter';
import type { FilterDef, FilterValue } from './filter-defs';

interface FilterControlProps {
  contract: AnyResourceContract;
  def: FilterDef;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  now: Date;
  timeZone: string | undefined;
}

const isDate = (value: FilterValue): value is DateFilter => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One filter of a list, by its kind: values (the enum's or the field's distinct ones), Yes/No, or dates. */
export function FilterControl({ contract, def, value, onChange, now, timeZone }: FilterControlProps) {
  let control: React.ReactNode;
  if (def.kind === 'boolean') {
    control = <BooleanFilter field={def.key} label={def.label} value={typeof value === 'boolean' ? value : null} onChange={onChange} />;
  } else if (def.kind === 'date') {
    control = (
      <DateFilterControl
        field={def.key}
        label={def.label}
        value={isDate(value) ? value : null}
        onChange={onChange}
        now={now}
        timeZone={timeZone}
      />
    );
  } else {
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
  return <FilterField label={def.label}>{control}</FilterField>;
}
