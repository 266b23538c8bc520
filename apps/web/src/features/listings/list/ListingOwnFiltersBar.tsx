import { LISTING_TEXT as T, PERMIT_STATE_LABELS, PERMIT_STATES } from '@crm/domain';
import { InputNumber, Space } from 'antd';
import { FilterField } from '../../../kit/list/FilterField';
import { FilterSelect } from '../../../kit/list/FilterSelect';
import { useAgentOptions, useTagOptions } from '../form/useListingLookups';
import type { ListingOwnFilters } from './listing-filters';

interface ListingOwnFiltersBarProps {
  value: ListingOwnFilters | null;
  onChange: (patch: Partial<ListingOwnFilters>) => void;
}

const PERMIT_OPTIONS = PERMIT_STATES.map((state) => ({ value: state, label: PERMIT_STATE_LABELS[state] }));

function Range({
  label,
  min,
  max,
  onChange,
}: {
  label: string;
  min: number | null;
  max: number | null;
  onChange: (min: number | null, max: number | null) => void;
}) {
  return (
    <FilterField label={label}>
      <Space.Compact>
        <InputNumber
          aria-label={T.rangeLabel(label, 'Min')}
          placeholder={T.min}
          min={0}
          value={min}
          onChange={(value) => onChange(typeof value === 'number' ? value : null, max)}
          style={{ width: 120 }}
        />
        <InputNumber
          aria-label={T.rangeLabel(label, 'Max')}
          placeholder={T.max}
          min={0}
          value={max}
          onChange={(value) => onChange(min, typeof value === 'number' ? value : null)}
          style={{ width: 120 }}
        />
      </Space.Compact>
    </FilterField>
  );
}

/** The listings list's own filters, beside the contract's: agent, tags, permit, price and size ranges. */
export function ListingOwnFiltersBar({ value, onChange }: ListingOwnFiltersBarProps) {
  const agents = useAgentOptions();
  const tags = useTagOptions();
  if (!value) return null;
  return (
    <>
      <FilterField label={T.agentFilter}>
        <FilterSelect
          label={T.agentFilter}
          testId="filter-agent"
          options={agents}
          value={value.agents}
          onChange={(ids) => onChange({ agents: ids })}
        />
      </FilterField>
      <FilterField label={T.tagsFilter}>
        <FilterSelect
          label={T.tagsFilter}
          testId="filter-tags"
          options={tags}
          value={value.tags}
          onChange={(list) => onChange({ tags: list })}
        />
      </FilterField>
      <FilterField label={T.permitFilter}>
        <FilterSelect
          label={T.permitFilter}
          testId="filter-permit"
          options={PERMIT_OPTIONS}
          value={value.permit}
          onChange={(states) => onChange({ permit: PERMIT_STATES.filter((state) => states.includes(state)) })}
        />
      </FilterField>
      <Range
        label={T.priceRange}
        min={value.priceMin}
        max={value.priceMax}
        onChange={(priceMin, priceMax) => onChange({ priceMin, priceMax })}
      />
      <Range label={T.sizeRange} min={value.sizeMin} max={value.sizeMax} onChange={(sizeMin, sizeMax) => onChange({ sizeMin, sizeMax })} />
    </>
  );
}
