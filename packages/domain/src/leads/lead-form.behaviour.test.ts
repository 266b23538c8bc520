import { describe, expect, it } from 'vitest';
import {
  canEditSlaManually,
  contactTypeForListing,
  isSlaDateSelectable,
  leadTypeChangePatch,
  leadTypeForContactType,
  manualAssignmentPatch,
} from './lead-form.behaviour.js';
import { yesNo } from '../list/yes-no.js';
import { statusColor, stageColor } from './lead-enums.js';

describe('leadTypeChangePatch', () => {
  const cleared = {
    amenities: [],
    minBudget: null,
    maxBudget: null,
    minBedroom: null,
    maxBedroom: null,
    minBathrooms: null,
    maxBathrooms: null,
    propertyType: null,
    location: null,
    parentId: null,
  };
  it('listing: clears the project and resets the stage', () => {
    expect(leadTypeChangePatch('listing')).toEqual({ ...cleared, campaignName: null, stage: 'New' });
  });
  it('offplan: clears the listing, Sale, Buyer, stage New', () => {
    expect(leadTypeChangePatch('offplan')).toEqual({ ...cleared, listing: null, leadType: 'Sale', contactType: 'Buyer', stage: 'New' });
  });
  it('general: forces manual assignment', () => {
    expect(leadTypeChangePatch('general')).toEqual({ ...cleared, isManualAssignment: true });
  });
});

describe('auto-fill rules', () => {
  it('contact type decides the lead type', () => {
    expect(leadTypeForContactType('Buyer')).toBe('Sale');
    expect(leadTypeForContactType('Seller')).toBe('Sale');
    expect(leadTypeForContactType('Tenant')).toBe('Rent');
    expect(leadTypeForContactType('Landlord')).toBe('Rent');
    expect(leadTypeForContactType(undefined)).toBeUndefined();
  });
  it('a listing for rent makes a Tenant, for sale a Buyer', () => {
    expect(contactTypeForListing('Rent')).toBe('Tenant');
    expect(contactTypeForListing('sale')).toBe('Buyer');
    expect(contactTypeForListing('')).toBeUndefined();
  });
  it('automatic assignment clears sendToPool', () => {
    expect(manualAssignmentPatch(false)).toEqual({ isManualAssignment: false, sendToPool: false });
    expect(manualAssignmentPatch(true)).toEqual({ isManualAssignment: true });
  });
  it('manual SLA needs LEAD_UPDATE_SLA, no quota warning and a normal customer', () => {
    expect(canEditSlaManually({ canUpdateSla: true })).toBe(true);
    expect(canEditSlaManually({ canUpdateSla: false })).toBe(false);
    expect(canEditSlaManually({ canUpdateSla: true, limitsWarning: 'Agent reached the daily quota' })).toBe(false);
    expect(canEditSlaManually({ canUpdateSla: true, limitsWarning: null })).toBe(true);
    expect(canEditSlaManually({ canUpdateSla: true, spamOrExternal: true })).toBe(false);
  });
  it('SLA pickers allow today and later only', () => {
    const now = new Date(2026, 0, 10, 15, 0, 0);
    expect(isSlaDateSelectable(new Date(2026, 0, 10, 0, 0, 0), now)).toBe(true);
    expect(isSlaDateSelectable(new Date(2026, 0, 9, 23, 59, 59), now)).toBe(false);
  });
});

describe('lead colours', () => {
  it('colours stages: New gold, Closed red, Successful green, others grey', () => {
    expect(stageColor('New')).toBe('gold');
    expect(stageColor('Closed')).toBe('red');
    expect(stageColor('Successful')).toBe('green');
    expect(stageColor('Viewing Arranged')).toBe('default');
    expect(stageColor('Something New')).toBe('default');
    expect(stageColor(null)).toBe('default');
  });
  it('colours status Open green, anything else blue; Yes/No text', () => {
    expect(statusColor('Open')).toBe('green');
    expect(statusColor('Closed')).toBe('blue');
    expect(statusColor(undefined)).toBe('blue');
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(null)).toBe('No');
  });
});
