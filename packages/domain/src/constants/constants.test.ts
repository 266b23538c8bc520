import { describe, expect, it } from 'vitest';
import { LEADS_REPORT_COLUMNS } from '../leads/leads-report-columns.js';
import { UNIT_TYPES } from '../leads/unit-types.js';
import { APP, GEO_DEFAULTS, sidebarWidth } from './app.constants.js';
import { DEFAULT_PAGE_SIZE, LIMITS, PAGE_SIZE_OPTIONS } from './limits.constants.js';

describe('constants', () => {
  it('sizes the side menu: 220 open, 80 collapsed, 0 collapsed up to 768 px', () => {
    expect(sidebarWidth(false, 500)).toBe(220);
    expect(sidebarWidth(true, 769)).toBe(80);
    expect(sidebarWidth(true, 768)).toBe(0);
  });
  it('keeps the product constants', () => {
    expect(APP).toMatchObject({ VERSION: '2.0.0', ENVIRONMENT: 'staging', STAGING_BANNER: 'Engage CMS Staging' });
    expect(GEO_DEFAULTS).toMatchObject({ COUNTRY: 'United Arab Emirates', CITY: 'Dubai' });
    expect(PAGE_SIZE_OPTIONS).toEqual([20, 40, 60]);
    expect(DEFAULT_PAGE_SIZE).toBe(PAGE_SIZE_OPTIONS[0]);
    expect(LIMITS.MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
  });
  it('lists about 60 distinct unit types and the 23 lead columns with unique keys', () => {
    expect(new Set(UNIT_TYPES).size).toBe(UNIT_TYPES.length);
    expect(UNIT_TYPES.length).toBeGreaterThanOrEqual(55);
    expect(LEADS_REPORT_COLUMNS).toHaveLength(23);
    expect(new Set(LEADS_REPORT_COLUMNS.map((c) => c.key)).size).toBe(23);
  });
});
