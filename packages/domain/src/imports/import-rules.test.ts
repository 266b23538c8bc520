import { describe, expect, it } from 'vitest';
import { IMPORT_KIND_SPECS, importColumnsOf } from './import-kinds.js';
import { cellValue, mappingProblems, rowToBody, slugOf, suggestMapping } from './import-rules.js';
import { IMPORT_MESSAGES } from './import.schemas.js';

const listings = importColumnsOf(IMPORT_KIND_SPECS.listings);
const column = (field: string) => {
  const found = listings.find((c) => c.field === field);
  if (!found) throw new Error(field);
  return found;
};

describe('import columns', () => {
  it('come from the contract: labels, the key, choices and list values', () => {
    expect(column('reference')).toMatchObject({ label: 'Reference', key: true, required: true, kind: 'text' });
    expect(column('leadType')).toMatchObject({ label: 'Purpose', kind: 'choice', values: ['Sale', 'Rent'] });
    expect(column('unitType').kind).toBe('choice');
    expect(column('amenities').kind).toBe('list');
    expect(importColumnsOf(IMPORT_KIND_SPECS.projects).find((c) => c.field === 'bedrooms')?.kind).toBe('numbers');
  });
});

describe('suggestMapping', () => {
  it('matches headers to labels or field names, ignoring case and punctuation, each field once', () => {
    expect(suggestMapping(['REFERENCE', 'purpose', 'lead_type', 'Size (sq ft)', 'sub-location', 'Whatever'], listings)).toEqual({
      REFERENCE: 'reference',
      purpose: 'leadType',
      lead_type: null,
      'Size (sq ft)': 'size',
      'sub-location': 'subLocation',
      Whatever: null,
    });
  });
});

describe('mappingProblems', () => {
  it('names unknown fields, a field mapped twice and a missing key', () => {
    expect(mappingProblems({ a: 'reference', b: 'reference', c: 'nope' }, listings, ['reference'])).toEqual([
      IMPORT_MESSAGES.mappingTwice('Reference'),
      IMPORT_MESSAGES.mappingUnknownField('nope'),
    ]);
    expect(mappingProblems({ a: 'city' }, listings, ['reference'])).toEqual([IMPORT_MESSAGES.keyNotMapped('Reference')]);
  });
});

describe('cellValue', () => {
  it('reads numbers, Yes/No, dates, choices and lists; an empty cell is no value', () => {
    expect(cellValue(column('price'), ' 1,250,000 ')).toEqual({ value: 1_250_000 });
    expect(cellValue(column('price'), 'lots')).toEqual({ error: IMPORT_MESSAGES.notANumber('Price') });
    expect(cellValue(column('bedrooms'), '2.5')).toEqual({ error: IMPORT_MESSAGES.notAWholeNumber('Bedrooms') });
    expect(cellValue(column('enabled'), 'YES')).toEqual({ value: true });
    expect(cellValue(column('enabled'), 'maybe')).toEqual({ error: IMPORT_MESSAGES.notAYesNo('Enabled') });
    expect(cellValue(column('permitExpiresAt'), '2030-01-15')).toEqual({ value: '2030-01-15T00:00:00.000Z' });
    expect(cellValue(column('permitExpiresAt'), '15/01/2030')).toEqual({ error: IMPORT_MESSAGES.notADate('Permit Expiry') });
    expect(cellValue(column('leadType'), 'rent')).toEqual({ value: 'Rent' });
    expect(cellValue(column('amenities'), 'balcony; Shared gym')).toEqual({ value: ['Balcony', 'Shared Gym'] });
    expect(cellValue(column('city'), '   ')).toBeNull();
  });

  it('builds a row body from the mapped columns, with every cell problem and its row number', () => {
    const headers = ['Reference', 'Price', 'Beds', 'Notes'];
    const mapping = { Reference: 'reference', Price: 'price', Beds: 'bedrooms', Notes: null };
    expect(rowToBody(listings, mapping, headers, ['R-1', '10', 'x', 'n'], 7)).toEqual({
      body: { reference: 'R-1', price: 10 },
      errors: [{ row: 7, field: 'bedrooms', message: IMPORT_MESSAGES.notANumber('Bedrooms') }],
    });
  });
});

describe('slugOf', () => {
  it('makes a slug of lower case words', () => {
    expect(slugOf('  Marina Heights — Tower B ')).toBe('marina-heights-tower-b');
    expect(slugOf('Café Résidence')).toBe('cafe-residence');
  });
});
