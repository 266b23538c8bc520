import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../errors/validation-fields.js';
import { LeadFormSchema, type LeadFormInput } from './lead-form.schema.js';
import {
  InboundMessageLeadPayloadSchema,
  LeadPayloadSchema,
  LeadUpdatePayloadSchema,
  LeadUpsertPayloadSchema,
  toLeadPayload,
  toLeadUpdatePayload,
} from './lead-payload.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const generalForm: LeadFormInput = {
  customer: id(1),
  contactType: 'Tenant',
  type: 'general',
  source: 'Website',
  leadType: 'Rent',
  referredBy: id(3),
  contactMethod: 'WhatsApp',
  enquiryMethod: 'Web Form',
  action: 'Client Connected to Agent',
  agent: id(4),
  location: { value: 'loc-7', label: 'Dubai Marina' },
  propertyType: 'Apartment',
  amenities: ['Balcony', 'Shared Pool'],
  minBedroom: 1,
  maxBedroom: 2,
  minBathrooms: 1,
  maxBathrooms: 2,
  minBudget: 80000,
  maxBudget: 120000,
  remarks: 'Prefers high floor',
  utm: { source: 'google', medium: 'cpc' },
};

describe('toLeadPayload', () => {
  const form = LeadFormSchema.parse(generalForm);

  it('renames bedrooms, budget and property type and sends the location label', () => {
    const payload = toLeadPayload(form);
    expect(payload).toMatchObject({
      minBedrooms: 1,
      maxBedrooms: 2,
      minBathrooms: 1,
      maxBathrooms: 2,
      minPrice: 80000,
      maxPrice: 120000,
      unitType: 'Apartment',
      location: 'Dubai Marina',
      country: 'United Arab Emirates',
      city: 'Dubai',
      stage: 'New',
      status: 'Open',
      utm: { source: 'google', medium: 'cpc' },
    });
    for (const formOnly of ['minBedroom', 'maxBedroom', 'minBudget', 'maxBudget', 'propertyType'])
      expect(payload).not.toHaveProperty(formOnly);
  });

  it('forces manual assignment for a general lead and passes a plain-string location through', () => {
    expect(toLeadPayload(form).isManualAssignment).toBe(true);
    expect(toLeadPayload({ ...form, location: 'JVC' }).location).toBe('JVC');
    expect(toLeadPayload({ ...form, location: null }).location).toBeNull();
  });

  it('leaves SLA dates to the server with automatic SLA', () => {
    const payload = toLeadPayload({ ...form, initialSlaEndDate: '2026-02-01 00:00:00', freePoolSlaEndDate: '2026-02-02 00:00:00' });
    expect(payload.initialSlaEndDate).toBeNull();
    expect(payload.freePoolSlaEndDate).toBeNull();
  });

  it('sends manual SLA dates as ISO instants, reading wall times in the given zone', () => {
    const payload = toLeadPayload(
      { ...form, setAutoSLADetails: false, initialSlaEndDate: '2026-02-01 00:00:00', freePoolSlaEndDate: new Date('2026-02-01T22:00:00Z') },
      { timeZone: 'Asia/Dubai' },
    );
    expect(payload.initialSlaEndDate).toBe('2026-01-31T20:00:00.000Z');
    expect(payload.freePoolSlaEndDate).toBe('2026-02-01T22:00:00.000Z');
    expect(toLeadPayload({ ...form, setAutoSLADetails: false, initialSlaEndDate: '2026-02-01T10:00:00+04:00' }).initialSlaEndDate).toBe(
      '2026-02-01T06:00:00.000Z',
    );
  });

  it('produces a payload the server schema accepts unchanged', () => {
    const payload = toLeadPayload(form);
    expect(LeadPayloadSchema.parse(payload)).toEqual(payload);
  });

  it('drops stage and status for an update, which the update schema accepts', () => {
    const update = toLeadUpdatePayload(form);
    expect(update).not.toHaveProperty('stage');
    expect(update).not.toHaveProperty('status');
    expect(LeadUpdatePayloadSchema.safeParse(update).success).toBe(true);
    expect(fieldErrorsOf(LeadUpdatePayloadSchema, { ...update, stage: 'Deal' })).toEqual({ stage: ["Unknown field 'stage'."] });
  });
});

describe('LeadPayloadSchema', () => {
  const payload = toLeadPayload(LeadFormSchema.parse(generalForm));

  it('rejects unknown fields, including the form-only names', () => {
    expect(fieldErrorsOf(LeadPayloadSchema, { ...payload, isAdmin: true })).toEqual({ isAdmin: ["Unknown field 'isAdmin'."] });
    expect(fieldErrorsOf(LeadPayloadSchema, { ...payload, minBedroom: 1 })).toEqual({ minBedroom: ["Unknown field 'minBedroom'."] });
  });

  it('applies the form rules and keys their errors by form field name', () => {
    expect(
      fieldErrorsOf(LeadPayloadSchema, { ...payload, customer: undefined, minBedrooms: -1, minPrice: 5, maxPrice: 4, unitType: null }),
    ).toEqual({
      customer: ['Customer is required.'],
      minBedroom: ['Min bedrooms should be at least 0.'],
      minBudget: ['Min budget cannot be greater than Max budget.'],
      maxBudget: ['Max budget cannot be less than Min budget.'],
      propertyType: ['Property Type is required.'],
    });
  });

  it('reports a wrongly typed payload field under its own name, once', () => {
    expect(fieldErrorsOf(LeadPayloadSchema, { ...payload, maxBedrooms: '2' })).toEqual({ maxBedrooms: ['Max bedrooms must be a number.'] });
  });

  it('checks manual SLA dates as strict ISO instants', () => {
    const manual = { ...payload, setAutoSLADetails: false };
    expect(fieldErrorsOf(LeadPayloadSchema, manual)).toEqual({
      initialSlaEndDate: ['Initial SLA Date is required.'],
      freePoolSlaEndDate: ['Free Pool SLA Date is required.'],
    });
    expect(
      fieldErrorsOf(LeadPayloadSchema, { ...manual, initialSlaEndDate: '2026-02-01 00:00:00', freePoolSlaEndDate: '2026-02-02T00:00:00Z' }),
    ).toEqual({
      initialSlaEndDate: ['Invalid date.'],
    });
    expect(
      fieldErrorsOf(LeadPayloadSchema, {
        ...manual,
        initialSlaEndDate: '2026-02-02T00:00:00Z',
        freePoolSlaEndDate: '2026-02-02T04:00:00+04:00',
      }),
    ).toEqual({ initialSlaEndDate: ['Initial SLA End Date and Free Pool SLA End Date cannot be same.'] });
    expect(
      fieldErrorsOf(LeadPayloadSchema, {
        ...manual,
        initialSlaEndDate: '2026-02-01T00:00:00Z',
        freePoolSlaEndDate: '2026-02-02T00:00:00Z',
      }),
    ).toEqual({});
  });

  it('answers a non-object body with one root issue', () => {
    expect(fieldErrorsOf(LeadPayloadSchema, null)).toEqual({ _: ['Invalid input: expected object, received null'] });
    expect(fieldErrorsOf(LeadPayloadSchema, [])).toEqual({ _: ['Invalid input: expected object, received array'] });
  });
});

describe('InboundMessageLeadPayloadSchema', () => {
  const message = {
    customer: '0190a0a0-0000-7000-8000-000000000001',
    contactType: 'Buyer',
    type: 'general',
    source: 'WhatsApp',
    contactMethod: 'WhatsApp',
    action: 'Requires call from agent',
    inputSource: 'whatsapp',
    sourceDataId: 'wamid.A',
  };
  it('lets a general lead opened by a message leave its search details to the agent', () => {
    expect(fieldErrorsOf(InboundMessageLeadPayloadSchema, message)).toEqual({});
    expect(fieldErrorsOf(LeadUpsertPayloadSchema, message)).toMatchObject({ location: expect.any(Array), minBudget: expect.any(Array) });
  });
  it('still checks what it is given', () => {
    expect(fieldErrorsOf(InboundMessageLeadPayloadSchema, { ...message, minPrice: 5, maxPrice: 4, city: '' })).toMatchObject({
      minBudget: expect.any(Array),
      city: ['City is required.'],
    });
  });
});
