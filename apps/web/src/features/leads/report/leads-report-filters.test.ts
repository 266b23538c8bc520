import { datePresetRange } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import {
  customDayRange,
  DEFAULT_LEADS_REPORT_FILTERS,
  hasActiveFilters,
  leadsReportQuery,
  marketCondition,
  parseLeadsReportFilters,
  type LeadsReportFilters,
} from './leads-report-filters';

const NOW = new Date('2026-03-15T22:30:00Z'); // already March 16th in Dubai (UTC+4)
const TEST_AGENT = '0b7c4a5e-0000-4000-8000-000000000001';
const context = { testAgentIds: [TEST_AGENT], now: NOW, timeZone: 'Asia/Dubai' };
const filters = (patch: Partial<LeadsReportFilters>): LeadsReportFilters => ({ ...DEFAULT_LEADS_REPORT_FILTERS, ...patch });

describe('leads report filters', () => {
  it('excludes test agents by default, keeping leads with no agent', () => {
    expect(DEFAULT_LEADS_REPORT_FILTERS.excludeTestAgents).toBe(true);
    expect(leadsReportQuery(DEFAULT_LEADS_REPORT_FILTERS, context)).toEqual({ agent: { $nin: [TEST_AGENT] } });
    expect(leadsReportQuery(filters({ excludeTestAgents: false }), context)).toEqual({});
    expect(leadsReportQuery(DEFAULT_LEADS_REPORT_FILTERS, { ...context, testAgentIds: [] })).toEqual({});
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

  it('combines every filter with $and', () => {
    const query = leadsReportQuery(
      filters({
        statuses: ['Closed'],
        markets: ['Secondary'],
        stages: ['New', 'Deal'],
        sources: ['Bayut'],
        contactTypes: ['Buyer'],
        inputSources: ['CRM'],
        date: { preset: 'Today' },
      }),
      context,
    );
    const today = datePresetRange('Today', NOW, 'Asia/Dubai');
    expect(query).toEqual({
      $and: [
        { agent: { $nin: [TEST_AGENT] } },
        { project: { $exists: false }, listing: { $exists: true } },
        { status: { $in: ['Closed'] } },
        { dataSourceCreatedAt: { $gte: today.from, $lte: today.to } },
        { contactType: { $in: ['Buyer'] } },
        { inputSource: { $in: ['CRM'] } },
        { stage: { $in: ['New', 'Deal'] } },
        { source: { $in: ['Bayut'] } },
      ],
    });
    // 'Today' is the user's day: March 16th in Dubai starts at 20:00 UTC on the 15th.
    expect(today.from).toBe('2026-03-15T20:00:00.000Z');
  });

  it('reads a custom range as whole days in the zone, either order', () => {
    expect(customDayRange('2026-01-01', '2026-01-31', 'Asia/Dubai')).toEqual({
      from: '2025-12-31T20:00:00.000Z',
      to: '2026-01-31T19:59:59.999Z',
    });
    expect(customDayRange('2026-01-31', '2026-01-01', 'UTC')).toEqual({ from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T23:59:59.999Z' });
    expect(
      leadsReportQuery(filters({ excludeTestAgents: false, date: { from: '2026-02-28', to: '2026-02-28' } }), {
        ...context,
        timeZone: 'UTC',
      }),
    ).toEqual({
      dataSourceCreatedAt: { $gte: '2026-02-28T00:00:00.000Z', $lte: '2026-02-28T23:59:59.999Z' },
    });
  });

  it('reads cached filters back, refusing what no longer fits', () => {
    const cached = filters({ statuses: ['Open'], markets: ['General'], date: { preset: 'Last Month' }, stages: ['New'] });
    expect(parseLeadsReportFilters(JSON.parse(JSON.stringify(cached)))).toEqual(cached);
    expect(parseLeadsReportFilters({ ...cached, date: { from: '2026-01-01', to: '2026-01-02' } })?.date).toEqual({
      from: '2026-01-01',
      to: '2026-01-02',
    });
    expect(parseLeadsReportFilters({ ...cached, statuses: ['Pending'] })).toBeNull();
    expect(parseLeadsReportFilters({ ...cached, markets: 'General' })).toBeNull();
    expect(parseLeadsReportFilters({ ...cached, date: { preset: 'Next Week' } })).toBeNull();
    expect(parseLeadsReportFilters({ ...cached, stages: [1] })).toBeNull();
    expect(parseLeadsReportFilters({ ...cached, excludeTestAgents: 'yes' })).toBeNull();
    expect(parseLeadsReportFilters(null)).toBeNull();
  });

  it('knows when filters differ from the defaults', () => {
    expect(hasActiveFilters(DEFAULT_LEADS_REPORT_FILTERS)).toBe(false);
    expect(hasActiveFilters(filters({ stages: ['New'] }))).toBe(true);
  });
});
