import { HOME_LEAD_FIGURE_LABELS, MARKETS, MARKET, type Market, TEAM_FIGURE_LABELS } from '@crm/domain';
import { Button, Checkbox, Tag } from 'antd';
import { FilterField } from '../../../kit/list/FilterField';
import { FilterSelect } from '../../../kit/list/FilterSelect';
import { BooleanFilter } from '../../../kit/table/BooleanFilter';
import type { LeadsReportOwnFilters as OwnFilters } from './leads-report-filters';

interface LeadsReportOwnFiltersProps {
  value: OwnFilters | null;
  onChange: (patch: Partial<OwnFilters>) => void;
}

const isMarket = (value: string): value is Market => Object.values(MARKET).some((market) => market === value);

/** The report's own filters, beside the contract's (docs/product.md 'Leads report'): test agents and market. */
export function LeadsReportOwnFilters({ value, onChange }: LeadsReportOwnFiltersProps) {
  if (!value) return null;
  const behind = value.assignment;
  return (
    <>
      {behind && (
        <FilterField label="Report Figure">
          <span>
            <Tag data-testid="filter-report-figure">
              {TEAM_FIGURE_LABELS[behind.figure]} of {behind.agents.length === 1 ? '1 member' : `${behind.agents.length} members`}
            </Tag>
            <Button size="small" type="link" onClick={() => onChange({ assignment: null })}>
              Clear figure
            </Button>
          </span>
        </FilterField>
      )}
      {value.homeFigure && (
        <FilterField label="Home Figure">
          <span>
            <Tag data-testid="filter-home-figure">
              {HOME_LEAD_FIGURE_LABELS[value.homeFigure.figure]}
              {value.homeFigure.source ? ` from ${value.homeFigure.source}` : ''}
            </Tag>
            <Button size="small" type="link" onClick={() => onChange({ homeFigure: null })}>
              Clear figure
            </Button>
          </span>
        </FilterField>
      )}
      <FilterField label="Exclude Test Agents">
        <BooleanFilter
          field="exclude-test-agents"
          label="Exclude Test Agents"
          clearable={false}
          value={value.excludeTestAgents}
          onChange={(choice) => onChange({ excludeTestAgents: choice !== false })}
        />
      </FilterField>
      <FilterField label="No Next Activity">
        <Checkbox
          data-testid="filter-no-next-activity"
          checked={value.noNextActivity === true}
          onChange={(event) => onChange({ noNextActivity: event.target.checked })}
        >
          Open, nothing planned
        </Checkbox>
      </FilterField>
      <FilterField label="Market">
        <FilterSelect
          label="Market"
          testId="filter-market"
          options={MARKETS.map((market) => ({ value: market, label: market }))}
          value={value.markets}
          onChange={(markets) => onChange({ markets: markets.filter(isMarket) })}
        />
      </FilterField>
    </>
  );
}
