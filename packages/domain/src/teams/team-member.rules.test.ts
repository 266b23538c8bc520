import { describe, expect, it } from 'vitest';
import { closesReportingCycle, isManager, isSelectableAgent, managersOf, takesLeads, whatsappNumberOf } from './team-member.rules.js';

describe('whatsappNumberOf', () => {
  it('prefers the explicit whatsappNumber', () => {
    expect(whatsappNumberOf({ whatsappNumber: '+971500000001', whatsappCode: '+44', phone: '7911123456' })).toBe('+971500000001');
  });
  it('otherwise joins the WhatsApp code and the phone', () => {
    expect(whatsappNumberOf({ whatsappNumber: '  ', whatsappCode: '+971', phone: '50 123 4567' })).toBe('+971501234567');
    expect(whatsappNumberOf({ whatsappCode: '971', phone: '501234567' })).toBe('+971501234567');
  });
  it('is null when neither is usable', () => {
    expect(whatsappNumberOf({})).toBeNull();
    expect(whatsappNumberOf({ whatsappCode: '+971' })).toBeNull();
    expect(whatsappNumberOf({ phone: '501234567' })).toBeNull();
  });
});

describe('isManager', () => {
  it('is true only for members with no reportedTo', () => {
    expect(isManager({})).toBe(true);
    expect(isManager({ reportedTo: null })).toBe(true);
    expect(isManager({ reportedTo: '' })).toBe(true);
    expect(isManager({ reportedTo: 'm1' })).toBe(false);
    expect(isManager({ reportedTo: { _id: 'm1', name: 'Mona' } })).toBe(false);
  });
  it('filters a team down to its managers', () => {
    const team = [
      { id: 'a', reportedTo: 'm' },
      { id: 'm', reportedTo: null },
      { id: 'b', reportedTo: 'm' },
    ];
    expect(managersOf(team).map((m) => m.id)).toEqual(['m']);
  });
  it('only enabled agents are selectable', () => {
    expect(isSelectableAgent({ enabled: true })).toBe(true);
    expect(isSelectableAgent({ enabled: false })).toBe(false);
    expect(isSelectableAgent({})).toBe(false);
  });
});

describe('closesReportingCycle', () => {
  const reportsTo = new Map<string, string | null>([
    ['ceo', null],
    ['boss', 'ceo'],
    ['agent', 'boss'],
  ]);
  it('refuses a manager who reports, directly or not, to the member', () => {
    expect(closesReportingCycle('ceo', 'agent', reportsTo)).toBe(true);
    expect(closesReportingCycle('boss', 'agent', reportsTo)).toBe(true);
    expect(closesReportingCycle('agent', 'agent', reportsTo)).toBe(true);
  });
  it('allows any other manager, and none', () => {
    expect(closesReportingCycle('agent', 'ceo', reportsTo)).toBe(false);
    expect(closesReportingCycle('boss', null, reportsTo)).toBe(false);
  });
  it('stops on a loop that does not involve the member', () => {
    const loop = new Map<string, string | null>([
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(closesReportingCycle('x', 'a', loop)).toBe(false);
  });
});

describe('takesLeads', () => {
  it('needs enabled, lead process on, not a test agent', () => {
    expect(takesLeads({ enabled: true, isLeadProcessEnabled: true, isTest: false })).toBe(true);
    expect(takesLeads({ enabled: false, isLeadProcessEnabled: true, isTest: false })).toBe(false);
    expect(takesLeads({ enabled: true, isLeadProcessEnabled: false, isTest: false })).toBe(false);
    expect(takesLeads({ enabled: true, isLeadProcessEnabled: true, isTest: true })).toBe(false);
  });
});
