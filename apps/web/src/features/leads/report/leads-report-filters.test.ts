import { datePresetRange, leadContract } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { initialListState } from '../../../kit/list/list-state';
import { emptyFilterValues, filterDefsOf } from '../../../kit/table/filter-defs';
import { tableRequest } from '../../../kit/table/table-request';
import {
  DEFAULT_LEADS_REPORT_OWN_FILTERS,
  LEADS_REPORT_FILTERS,
  leadsReportExtraFilters,
  leadsReportOwnConditions,
  marketCondition,
  parseLeadsReportOwnFilters,
  type LeadsReportOwnFilters,
} from './leads-report-filters';

const NOW = new Date('2026-03-15T22:30:00Z'); // already March 16th in Dubai (UTC+4)
const TEST_AGENT = '0b7c4a5e-0000-4000-8000-000000000001';

describe('leads report filters', () => {
  it('excludes test agents by default, keeping leads with no agent', () => {
    expect(DEFAULT_LEADS_REPORT_OWN_FILTERS.excludeTestAgents).toBe(true);
    expect(leadsReportOwnConditions(DEFAULT_LEADS_REPORT_OWN_FILTERS, [TEST_AGENT])).toEqual([{ agent: { $nin: [TEST_AGENT] } }]);
    expect(leadsReportOwnConditions({ excludeTestAgents: false, markets: [] }, [TEST_AGENT])).toEqual([]);
    expect(leadsReportOwnConditions(DEFAULT_LEADS_REPORT_OWN_FILTERS, [])).toEqual([]);
  });

  it('turns markets into the derived-market conditions', () => {
    expect(marketCondition(['Off Plan'])).toEqual({ project: { $exists: true } });
    expect(marketCondition(['Secondary'])).toEqual({ project: { $exists: false }, listing: { $exists: true } });
    expect(marketCondition(['General'])).toEqual({ project: { $exists: false }, listing: { $exists: false } });
    expect(marketCondition(['General', 'Off Plan'])).toEqual({
      $or: [{ project: { $exists: false }, listing: { $exists: false } }, { project: { $exists: true } }],
    });
    expect(marketCondition([])).toBeNull();
    expect(marketCondition(['General', 'Off Plan', 'Secondary'])).toBeNull();
  });

  it("combines the contract's filters and the report's own with $and, dates in the caller zone", () => {
    const defs = filterDefsOf(leadContract, LEADS_REPORT_FILTERS, true);
    expect(defs.map((d) => [d.key, d.label, d.kind])).toEqual([
      ['status', 'Status', 'values'],
      ['dataSourceCreatedAt', 'Created', 'date'],
      ['contactType', 'Type', 'values'],
      ['inputSource', 'Input Source', 'values'],
      ['stage', 'Stage', 'values'],
      ['source', 'Source', 'values'],
    ]);
    const values = {
      ...emptyFilterValues(defs),
      status: ['Closed'],
      dataSourceCreatedAt: { preset: 'Today' as const },
      contactType: ['Buyer'],
      inputSource: ['CRM'],
      stage: ['New', 'Deal'],
      source: ['Bayut'],
    };
    const { filter } = tableRequest({
      state: initialListState({ values, search: '', extra: { excludeTestAgents: true, markets: ['Secondary'] } as LeadsReportOwnFilters }),
      defs,
      extra: leadsReportExtraFilters([TEST_AGENT]),
      defaultSort: { field: 'dataSourceCreatedAt', order: 'descend' },
      sortable: leadContract.keys.sortable,
      select: ['_id'],
      searchable: [],
      now: NOW,
      timeZone: 'Asia/Dubai',
    });
    const today = datePresetRange('Today', NOW, 'Asia/Dubai');
    expect(today.from).toBe('2026-03-15T20:00:00.000Z');
    expect(filter.query).toEqual({
      $and: [
        { status: { $in: ['Closed'] } },
        { dataSourceCreatedAt: { $gte: today.from, $lte: today.to } },
        { contactType: { $in: ['Buyer'] } },
        { inputSource: { $in: ['CRM'] } },
        { stage: { $in: ['New', 'Deal'] } },
        { source: { $in: ['Bayut'] } },
        { agent: { $nin: [TEST_AGENT] } },
        { project: { $exists: false }, listing: { $exists: true } },
      ],
    });
    expect(filter.sort).toEqual({ dataSourceCreatedAt: -1 });
  });

  it('reads cached own filters back, refusing what no longer fits', () => {
    expect(parseLeadsReportOwnFilters({ excludeTestAgents: false, markets: ['General'] })).toEqual({
      excludeTestAgents: false,
      markets: ['General'],
    });
    expect(parseLeadsReportOwnFilters({ excludeTestAgents: 'yes', markets: [] })).toBeNull();
    expect(parseLeadsReportOwnFilters({ excludeTestAgents: true, markets: 'General' })).toBeNull();
    expect(parseLeadsReportOwnFilters({ excludeTestAgents: true, markets: ['Moon'] })).toBeNull();
    expect(parseLeadsReportOwnFilters(null)).toBeNull();
  });
});

describe("a team report figure's click-through", () => {
  const assignment = { figure: 'accepted' as const, agents: ['0190a8a0-0000-7000-8000-000000000001'], from: '2026-03-01T00:00:00.000Z' };

  it('starts with exactly its leads (test agents kept) and sends the assignment condition', () => {
    const extra = leadsReportExtraFilters([TEST_AGENT], assignment);
    expect(extra.initial).toEqual({ excludeTestAgents: false, markets: [], assignment });
    expect(extra.conditions(extra.initial)).toEqual([{ assignment }]);
  });

  it('reads back from the cache, and refuses one that no longer reads', () => {
    expect(parseLeadsReportOwnFilters({ excludeTestAgents: false, markets: [], assignment })).toEqual({
      excludeTestAgents: false,
      markets: [],
      assignment,
    });
    expect(parseLeadsReportOwnFilters({ excludeTestAgents: false, markets: [], assignment: { figure: 'won' } })).toBeNull();
  });
});

describe("a Home figure's click-through", () => {
  const homeFigure = {
    figure: 'newLeads' as const,
    agents: ['0190a8a0-0000-7000-8000-000000000001'],
    source: 'Website',
    from: '2026-03-01T00:00:00.000Z',
    to: '2026-03-31T23:59:59.999Z',
  };

  it('starts with exactly its leads (test agents kept) and sends the homeFigure condition', () => {
    const extra = leadsReportExtraFilters([TEST_AGENT], null, homeFigure);
    expect(extra.initial).toEqual({ excludeTestAgents: false, markets: [], homeFigure });
    expect(extra.conditions(extra.initial)).toEqual([{ homeFigure }]);
  });

  it('reads back from the cache, and refuses one that no longer reads', () => {
    expect(parseLeadsReportOwnFilters({ excludeTestAgents: false, markets: [], homeFigure })).toEqual({
      excludeTestAgents: false,
      markets: [],
      homeFigure,
    });
    expect(parseLeadsReportOwnFilters({ excludeTestAgents: false, markets: [], homeFigure: { figure: 'won' } })).toBeNull();
  });

  it('filters to open leads with nothing planned, as of the server’s now, and keeps it in the cache', () => {
    const own = { excludeTestAgents: false, markets: [], noNextActivity: true };
    expect(leadsReportOwnConditions(own, [])).toEqual([{ homeFigure: { figure: 'noNextActivity' } }]);
    expect(parseLeadsReportOwnFilters(own)).toEqual(own);
    expect(leadsReportOwnConditions({ ...own, noNextActivity: false }, [])).toEqual([]);
  });
});
