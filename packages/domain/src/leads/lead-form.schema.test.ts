import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../errors/validation-fields.js';
import { LeadFormSchema, type LeadFormInput } from './lead-form.schema.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A valid listing lead, with automatic SLA. */
const base: LeadFormInput = {
  customer: id(1),
  contactType: 'Buyer',
  type: 'listing',
  listing: id(2),
  source: 'Website',
  referredBy: id(3),
  contactMethod: 'Phone',
  action: 'Requires call from agent',
  agent: id(4),
};

const general: LeadFormInput = {
  ...base,
  type: 'general',
  listing: null,
  country: 'United Arab Emirates',
  city: 'Dubai',
  location: { value: 'loc-1', label: 'Dubai Marina' },
  propertyType: 'Apartment',
  amenities: ['Balcony'],
  minBedroom: 1,
  maxBedroom: 2,
  minBudget: 1000,
  maxBudget: 2000,
};

describe('LeadFormSchema: always-required fields', () => {
  it('accepts a valid listing lead and fills the defaults', () => {
    expect(LeadFormSchema.parse(base)).toMatchObject({
      stage: 'New',
      status: 'Open',
      country: 'United Arab Emirates',
      city: 'Dubai',
      setAutoSLADetails: true,
      isManualAssignment: false,
      sendToPool: false,
      amenities: [],
    });
  });

  it('reports each missing field with its exact message, all at once', () => {
    expect(fieldErrorsOf(LeadFormSchema, {})).toEqual({
      customer: ['Customer is required.'],
      contactType: ['Contact Type is required.'],
      type: ['Type is required.'],
      source: ['Source is required.'],
      referredBy: ['Referred By is required.'],
      contactMethod: ['Contact Method is required.'],
      action: ['Action is required.'],
      agent: ['Agent is required.'],
    });
  });

  it('treats empty strings and null as missing', () => {
    const errors = fieldErrorsOf(LeadFormSchema, { ...base, customer: '', contactType: null, source: '', agent: null });
    expect(errors).toEqual({
      customer: ['Customer is required.'],
      contactType: ['Contact Type is required.'],
      source: ['Source is required.'],
      agent: ['Agent is required.'],
    });
  });

  it('flags whitespace-only text', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...base, source: '   ' })).toEqual({ source: ['Field should not contain only whitespaces.'] });
    expect(fieldErrorsOf(LeadFormSchema, { ...base, remarks: ' \t ' })).toEqual({
      remarks: ['Field should not contain only whitespaces.'],
    });
    expect(LeadFormSchema.parse({ ...base, remarks: '  call after 5 ' }).remarks).toBe('call after 5');
  });

  it('rejects values outside the option lists and malformed ids', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...base, contactType: 'Investor', rating: 'Boiling', customer: 'abc' })).toEqual({
      contactType: ['Contact Type is invalid.'],
      rating: ['Rating is invalid.'],
      customer: ['Customer is invalid.'],
    });
  });
});

describe('LeadFormSchema: type-dependent rules', () => {
  it("listing: 'Listing is required.'", () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...base, listing: null })).toEqual({ listing: ['Listing is required.'] });
    expect(fieldErrorsOf(LeadFormSchema, { ...base, listing: '' })).toEqual({ listing: ['Listing is required.'] });
  });

  it('offplan: project and property type', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...base, type: 'offplan', listing: null })).toEqual({
      campaignName: ['Project is required.'],
      propertyType: ['Property Type is required.'],
    });
    expect(fieldErrorsOf(LeadFormSchema, { ...base, type: 'offplan', listing: null, campaignName: id(9), propertyType: 'Villa' })).toEqual(
      {},
    );
  });

  it('general: location, property type, amenities, bedrooms and budget (country and city default)', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...base, type: 'general', listing: null })).toEqual({
      location: ['Location is required.'],
      propertyType: ['Property Type is required.'],
      amenities: ['Amenities is required.'],
      minBedroom: ['Min and max bedrooms is required.'],
      maxBedroom: ['Min and max bedrooms is required.'],
      minBudget: ['Min and max budget is required.'],
      maxBudget: ['Min and max budget is required.'],
    });
    expect(fieldErrorsOf(LeadFormSchema, general)).toEqual({});
  });

  it('general: a cleared country or city is required', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...general, country: null, city: '' })).toEqual({
      country: ['Country is required.'],
      city: ['City is required.'],
    });
  });

  it('general: only the missing half of a pair is flagged, and a location label counts', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...general, maxBedroom: null, minBudget: undefined, location: 'JVC' })).toEqual({
      maxBedroom: ['Min and max bedrooms is required.'],
      minBudget: ['Min and max budget is required.'],
    });
    expect(fieldErrorsOf(LeadFormSchema, { ...general, location: { value: 1, label: ' ' } })).toEqual({
      location: ['Location is required.'],
    });
  });

  it('general: zero bedrooms (a studio) counts as given', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...general, minBedroom: 0, maxBedroom: 0, minBudget: 0 })).toEqual({});
  });
});

describe('LeadFormSchema: ranges', () => {
  it('minimums at least 0', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...base, minBedroom: -1, minBathrooms: -1, minBudget: -0.01 })).toEqual({
      minBedroom: ['Min bedrooms should be at least 0.'],
      minBathrooms: ['Min bathrooms should be at least 0.'],
      minBudget: ['Min budget should be at least 0.'],
    });
    expect(fieldErrorsOf(LeadFormSchema, { ...base, minBedroom: 0, minBathrooms: 0, minBudget: 0 })).toEqual({});
  });

  it('min above max flags both fields, in both directions', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...base, minBedroom: 3, maxBedroom: 2 })).toEqual({
      minBedroom: ['Min bedrooms cannot be greater than Max bedrooms.'],
      maxBedroom: ['Max bedrooms cannot be less than Min bedrooms.'],
    });
    expect(fieldErrorsOf(LeadFormSchema, { ...base, minBathrooms: 2, maxBathrooms: 1 })).toEqual({
      minBathrooms: ['Min bathrooms cannot be greater than Max bathrooms.'],
      maxBathrooms: ['Max bathrooms cannot be less than Min bathrooms.'],
    });
    expect(fieldErrorsOf(LeadFormSchema, { ...base, minBudget: 2000.5, maxBudget: 2000 })).toEqual({
      minBudget: ['Min budget cannot be greater than Max budget.'],
      maxBudget: ['Max budget cannot be less than Min budget.'],
    });
  });

  it('min equal to max is fine, and a lone bound is not compared', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...base, minBedroom: 2, maxBedroom: 2, minBudget: 5, maxBudget: 5 })).toEqual({});
    expect(fieldErrorsOf(LeadFormSchema, { ...base, minBedroom: 9 })).toEqual({});
  });

  it('rooms are whole numbers, numbers are numbers, and values stay within the columns', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...base, minBedroom: 1.5, maxBathrooms: 'two' })).toEqual({
      minBedroom: ['Min bedrooms must be a whole number.'],
      maxBathrooms: ['Max bathrooms must be a number.'],
    });
    expect(fieldErrorsOf(LeadFormSchema, { ...base, maxBedroom: 1001, maxBudget: 1e13 })).toEqual({
      maxBedroom: ['Max bedrooms cannot be greater than 1000.'],
      maxBudget: ['Max budget cannot be greater than 999999999999.'],
    });
  });

  it('a bad type is not reported as missing too', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...general, minBedroom: 'one' })).toEqual({ minBedroom: ['Min bedrooms must be a number.'] });
  });

  it('cross-field rules still run when a required field is missing', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...base, customer: undefined, minBedroom: 3, maxBedroom: 1 })).toEqual({
      customer: ['Customer is required.'],
      minBedroom: ['Min bedrooms cannot be greater than Max bedrooms.'],
      maxBedroom: ['Max bedrooms cannot be less than Min bedrooms.'],
    });
  });
});

describe('LeadFormSchema: manual SLA', () => {
  const manual = { ...base, setAutoSLADetails: false };

  it('ignores the dates while automatic SLA is on', () => {
    expect(
      fieldErrorsOf(LeadFormSchema, { ...base, initialSlaEndDate: '2026-02-02 00:00:00', freePoolSlaEndDate: '2026-02-01 00:00:00' }),
    ).toEqual({});
  });

  it("requires both dates: 'Initial SLA Date is required.'", () => {
    expect(fieldErrorsOf(LeadFormSchema, manual)).toEqual({
      initialSlaEndDate: ['Initial SLA Date is required.'],
      freePoolSlaEndDate: ['Free Pool SLA Date is required.'],
    });
  });

  it('accepts an initial end strictly before the free-pool end (strings or Dates)', () => {
    expect(
      fieldErrorsOf(LeadFormSchema, { ...manual, initialSlaEndDate: '2026-02-01 00:00:00', freePoolSlaEndDate: '2026-02-01 00:00:01' }),
    ).toEqual({});
    expect(
      fieldErrorsOf(LeadFormSchema, {
        ...manual,
        initialSlaEndDate: new Date('2026-02-01T00:00:00Z'),
        freePoolSlaEndDate: '2026-02-01T02:00:00Z',
      }),
    ).toEqual({});
  });

  it('refuses an initial end after the free-pool end', () => {
    expect(
      fieldErrorsOf(LeadFormSchema, { ...manual, initialSlaEndDate: '2026-02-02 00:00:00', freePoolSlaEndDate: '2026-02-01 00:00:00' }),
    ).toEqual({
      initialSlaEndDate: ['Initial SLA End Date should be less than Free Pool SLA End Date.'],
    });
  });

  it('refuses equal dates', () => {
    expect(
      fieldErrorsOf(LeadFormSchema, { ...manual, initialSlaEndDate: '2026-02-01 00:00:00', freePoolSlaEndDate: '2026-02-01 00:00:00' }),
    ).toEqual({
      initialSlaEndDate: ['Initial SLA End Date and Free Pool SLA End Date cannot be same.'],
    });
  });

  it('flags unparseable dates', () => {
    expect(fieldErrorsOf(LeadFormSchema, { ...manual, initialSlaEndDate: 'soon', freePoolSlaEndDate: 42 })).toEqual({
      initialSlaEndDate: ['Invalid date.'],
      freePoolSlaEndDate: ['Invalid date.'],
    });
  });
});
