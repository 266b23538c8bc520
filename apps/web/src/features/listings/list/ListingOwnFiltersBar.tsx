import { LISTING_TEXT as T, PERMIT_STATE_LABELS, PERMIT_STATES } from '@crm/domain';
import { FilterField } from '../../../kit/list/FilterField';
import { FilterSelect } from '../../../kit/list/FilterSelect';
import { NumberRangeFilter } from '../../../kit/table/NumberRangeFilter';
import { useAgentOptions, useTagOptions } from '../form/useListingLookups';
import type { ListingOwnFilters } from './listing-filters';

interface ListingOwnFiltersBarProps {
  value: ListingOwnFilters | null;
  onChange: (patch: Partial<ListingOwnFilters>) => void;
}

const PERMIT_OPTIONS = PERMIT_STATES.map((state) => ({ value: state, label: PERMIT_STATE_LABELS[state] }));

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
      <FilterField label={T.priceRange}>
        <NumberRangeFilter
          field="price"
          label={T.priceRange}
          min={0}
          value={{ min: value.priceMin, max: value.priceMax }}
          onChange={(range) => onChange({ priceMin: range?.min ?? null, priceMax: range?.max ?? null })}
        />
      </FilterField>
      <FilterField label={T.sizeRange}>
        <NumberRangeFilter
          field="size"
          label={T.sizeRange}
          min={0}
          value={{ min: value.sizeMin, max: value.sizeMax }}
          onChange={(range) => onChange({ sizeMin: range?.min ?? null, sizeMax: range?.max ?? null })}
        />
      </FilterField>
    </>
  );
}
