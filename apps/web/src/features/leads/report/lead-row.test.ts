import { describe, expect, it } from 'vitest';
import { leadRowView, readLeadRow } from './lead-row';

const NOW = new Date('2026-03-01T12:00:00Z');
const lookups = {
  memberNames: new Map([['m-1', 'Maya Manager']]),
  developerNames: new Map([['d-1', 'Emaar']]),
};

const apiRow = {
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
  updatedByName: null,
  agent: { _id: 'a-1', name: 'Ali Agent', officeName: 'Marina', reportedTo: 'm-1' },
  listing: null,
  project: { _id: 'p-1', name: 'Creek Tower', campaignName: 'Creek Launch', developer: 'd-1' },
  review: { rating: 0, feedback: null, category: 'qualified' },
};

describe('a Leads report row', () => {
  it('reads the list answer, relations included', () => {
    const row = readLeadRow(apiRow);
    expect(row).toMatchObject({ id: 'l-1', leadID: 'L-0001', crmId: 'CRM-9', isClaimedFromPool: true, listing: null });
    expect(row.agent).toEqual({ id: 'a-1', label: 'Ali Agent', officeName: 'Marina', reportedTo: 'm-1' });
    expect(row.project).toEqual({ id: 'p-1', label: 'Creek Tower', campaignName: 'Creek Launch', developer: 'd-1' });
  });

  it('derives market, SLA stage, manager, developer, Yes/No, rating and the System fallback', () => {
    const view = leadRowView(readLeadRow(apiRow), lookups, NOW);
    expect(view).toEqual({
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
    const row = readLeadRow({
      ...apiRow,
      project: null,
      listing: { _id: 's-1', reference: 'REF-1' },
      review: null,
      initialSlaEndDate: '2026-03-01T11:00:00.000Z',
    });
    const view = leadRowView(row, lookups, NOW);
    expect(view).toMatchObject({ market: 'Secondary', rating: 'N/A', feedback: '', slaStage: 'Lead Pool', developer: null });
    expect(leadRowView({ ...row, isAssignedFromLeadPool: true }, lookups, NOW).slaStage).toBe('Manager');
    expect(leadRowView({ ...row, freePoolSlaEndDate: null }, lookups, NOW).slaStage).toBe('-');
    expect(leadRowView(readLeadRow({ ...apiRow, project: null, agent: null }), lookups, NOW)).toMatchObject({
      market: 'General',
      manager: null,
      office: null,
    });
  });

  it('tolerates missing and mistyped fields', () => {
    const row = readLeadRow({ _id: 'x', isAccepted: 'true', agent: 'a-1', review: [] });
    expect(row).toMatchObject({ id: 'x', leadID: '', isAccepted: false, agent: null, review: null, creatorName: null });
    expect(leadRowView(row, lookups, NOW)).toMatchObject({ createdBy: 'System', updatedBy: 'System', claimed: 'No' });
  });
});
