import { LeadFormSchema, MESSAGES, toLeadPayload } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import {
  createLeadDefaults,
  leadFormToSend,
  leadRecordToForm,
  listingFillPatch,
  lockedLeadFields,
  projectFillPatch,
  slaWallTime,
  withFormFieldNames,
} from './lead-form-values';
import { leadRecord } from '../report/lead-record.fixture';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const storedLead = leadRecord({
  _id: id(9),
  leadID: 'L-000009',
  customer: { _id: id(1), fullName: 'Omar Farouk', type: 'Client' },
  agent: { _id: id(4), name: 'Aisha Khan' },
  referredBy: { _id: id(4), name: 'Aisha Khan' },
  listing: { _id: id(2), reference: 'MAR-S-1001' },
  project: null,
  type: 'listing',
  contactType: 'Buyer',
  leadType: 'Sale',
  source: 'Website',
  enquiryMethod: null,
  contactMethod: 'Phone',
  stage: 'Viewing',
  status: 'Open',
  action: 'Requires call from agent',
  unitType: 'Apartment',
  amenities: ['Balcony'],
  country: 'United Arab Emirates',
  city: 'Dubai',
  location: 'Dubai Marina',
  minBedrooms: 2,
  maxBedrooms: 3,
  minPrice: 2565000,
  maxPrice: 2850000,
  isManualAssignment: false,
  setAutoSLADetails: false,
  initialSlaEndDate: '2026-11-22T05:00:00.000Z',
  freePoolSlaEndDate: '2026-11-22T07:00:00.000Z',
  parentId: null,
});

describe('lead form values', () => {
  it('starts a new lead with the form defaults', () => {
    expect(createLeadDefaults()).toMatchObject({
      type: 'listing',
      stage: 'New',
      status: 'Open',
      country: 'United Arab Emirates',
      city: 'Dubai',
      setAutoSLADetails: true,
      isManualAssignment: false,
    });
  });

  it('reads a stored lead into the form names and back into the same payload', () => {
    const form = leadRecordToForm(storedLead, 'Asia/Dubai');
    expect(form).toMatchObject({
      customer: id(1),
      listing: id(2),
      agent: id(4),
      minBedroom: 2,
      maxBedroom: 3,
      minBudget: 2565000,
      propertyType: 'Apartment',
      location: { value: 'Dubai Marina', label: 'Dubai Marina' },
      initialSlaEndDate: '2026-11-22 09:00:00',
      setAutoSLADetails: false,
    });
    const payload = toLeadPayload(LeadFormSchema.parse(form), { timeZone: 'Asia/Dubai' });
    expect(payload).toMatchObject({ minBedrooms: 2, maxPrice: 2850000, unitType: 'Apartment', location: 'Dubai Marina' });
    expect(payload.initialSlaEndDate).toBe('2026-11-22T05:00:00.000Z');
  });

  it("reads a lead's custom fields and sends them, an emptied one as null so the update clears it", () => {
    const form = leadRecordToForm({ ...storedLead, customFields: { budget_band: 'High', callback: true, notes: 'x' } });
    expect(form.customFields).toEqual({ budget_band: 'High', callback: true, notes: 'x' });
    const edited = { ...form, customFields: { ...form.customFields, notes: '', tags: [] } };
    const payload = toLeadPayload(LeadFormSchema.parse(leadFormToSend(edited)));
    expect(payload.customFields).toEqual({ budget_band: 'High', callback: true, notes: null, tags: null });
    expect(leadFormToSend({ stage: 'New' })).toEqual({ stage: 'New' });
  });

  it('locks listing, customer, source and contact method once set, not the empty enquiry method', () => {
    const locked = lockedLeadFields(storedLead);
    expect([...locked].sort()).toEqual(['contactMethod', 'customer', 'listing', 'source']);
    expect(lockedLeadFields(undefined).size).toBe(0);
  });

  it('fills from a rent listing as a Tenant with its rooms, place and amenities', () => {
    const patch = listingFillPatch({
      _id: id(2),
      leadType: 'Rent',
      unitType: 'Studio',
      location: 'JLT',
      city: 'Dubai',
      bedrooms: 0,
      bathrooms: 1,
      amenities: ['Furnished'],
    });
    expect(patch).toEqual({
      contactType: 'Tenant',
      leadType: 'Rent',
      propertyType: 'Studio',
      location: { value: 'JLT', label: 'JLT' },
      city: 'Dubai',
      country: 'United Arab Emirates',
      minBedroom: 0,
      maxBedroom: 0,
      minBathrooms: 1,
      maxBathrooms: 1,
      amenities: ['Furnished'],
    });
    expect(listingFillPatch({ _id: id(3), leadType: 'Sale' })).toMatchObject({ contactType: 'Buyer', leadType: 'Sale' });
  });

  it('fills from a project: Sale, its city and the range of its bedrooms', () => {
    expect(projectFillPatch({ _id: id(5), city: 'Dubai', bedrooms: [3, 1, 2], amenities: ['Balcony'] })).toEqual({
      leadType: 'Sale',
      city: 'Dubai',
      country: 'United Arab Emirates',
      minBedroom: 1,
      maxBedroom: 3,
      amenities: ['Balcony'],
    });
  });

  it('shows SLA instants as wall time in the zone', () => {
    expect(slaWallTime('2026-01-01T00:00:00.000Z', 'Asia/Dubai')).toBe('2026-01-01 04:00:00');
    expect(slaWallTime(null, 'Asia/Dubai')).toBeUndefined();
  });

  it('puts a server error on payload names under the form field names', () => {
    const error = withFormFieldNames({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid input',
      data: {
        minBedrooms: ['Min bedrooms should be at least 0.'],
        minBedroom: ['Min bedrooms should be at least 0.'],
        customer: [MESSAGES.lead.customerRequired],
      },
    });
    expect(error.data).toEqual({ minBedroom: ['Min bedrooms should be at least 0.'], customer: [MESSAGES.lead.customerRequired] });
    const conflict = { statusCode: 409, code: 'CONFLICT', message: 'x', data: { minBedrooms: ['y'] } };
    expect(withFormFieldNames(conflict)).toBe(conflict);
  });
});
