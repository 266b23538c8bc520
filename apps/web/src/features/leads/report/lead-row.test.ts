import { describe, expect, it } from 'vitest';
import { type LeadRow, leadRowView } from './lead-row';

const NOW = new Date('2026-03-01T12:00:00Z');
const lookups = {
  memberNames: new Map([['m-1', 'Maya Manager']]),
  developerNames: new Map([['d-1', 'Emaar']]),
};

const row: LeadRow = {
  _id: 'l-1',
  leadID: 'L-0001',
  sourceDataId: 'CRM-9',
  contactType: 'Buyer',
  source: 'Bayut',
  status: 'Open',
  stage: 'New',
  officeName: null,
  dataSourceCreatedAt: '2026-03-01T10:00:00.000Z',
  initialSlaEndDate: '2026-03-01T12:30:00.000Z',
  freePoolSlaEndDate: '2026-03-01T13:00:00.000Z',
  isAccepted: false,
  isAssignedFromLeadPool: false,
  isClaimedFromPool: true,
  isContacted: false,
  creatorName: 'Admin',
  updatedByName: '',
  agent: { _id: 'a-1', name: 'Ali Agent', officeName: 'Marina', reportedTo: 'm-1' },
  listing: null,
  project: { _id: 'p-1', name: 'Creek Tower', campaignName: 'Creek Launch', developer: 'd-1' },
  review: { _id: 'r-1', rating: 0, feedback: null, category: 'qualified' },
};

describe('a Leads report row', () => {
  it('derives market, SLA stage, office, manager, developer, Yes/No, rating and the System fallback', () => {
    expect(leadRowView(row, lookups, NOW)).toEqual({
      market: 'Off Plan',
      slaStage: 'Initial',
      office: 'Marina',
      manager: 'Maya Manager',
      developer: 'Emaar',
      claimed: 'No',
      poolClaimed: 'Yes',
      contacted: 'No',
      rating: '0',
      feedback: 'Unresponsive',
      createdBy: 'Admin',
      updatedBy: 'System',
    });
  });

  it('shows N/A without a review, Secondary for a listing, and the later SLA stages', () => {
    const secondary: LeadRow = {
      ...row,
      project: null,
      listing: { _id: 's-1', reference: 'REF-1' },
      review: null,
      initialSlaEndDate: '2026-03-01T11:00:00.000Z',
    };
    expect(leadRowView(secondary, lookups, NOW)).toMatchObject({
      market: 'Secondary',
      rating: 'N/A',
      feedback: '',
      slaStage: 'Lead Pool',
      developer: null,
    });
    expect(leadRowView({ ...secondary, isAssignedFromLeadPool: true }, lookups, NOW).slaStage).toBe('Manager');
    expect(leadRowView({ ...secondary, freePoolSlaEndDate: null }, lookups, NOW).slaStage).toBe('-');
    expect(leadRowView({ ...row, project: null, agent: null, officeName: 'Downtown' }, lookups, NOW)).toMatchObject({
      market: 'General',
      manager: null,
      office: 'Downtown',
    });
  });

  it('reads a relation left as its id as not populated', () => {
    const bare: LeadRow = { _id: 'x', agent: 'a-1', project: 'p-1' };
    expect(leadRowView(bare, lookups, NOW)).toMatchObject({
      market: 'Off Plan',
      manager: null,
      developer: null,
      createdBy: 'System',
      claimed: 'No',
    });
  });
});
