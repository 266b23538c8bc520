import { describe, expect, it } from 'vitest';
import {
  brnState,
  closesReportingCycle,
  isManager,
  isSelectableAgent,
  managersOf,
  takesLeads,
  whatsappNumberOf,
} from './team-member.rules.js';

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

describe('brnState', () => {
  const now = new Date('2026-12-04T10:00:00.000Z');
  const days = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString();
  it('reads no BRN, or one without its expiry, as missing', () => {
    expect(brnState({}, now)).toBe('missing');
    expect(brnState({ brn: '  ', brnExpiresAt: days(100) }, now)).toBe('missing');
    expect(brnState({ brn: '12345', brnExpiresAt: null }, now)).toBe('missing');
  });
  it('reads an ended BRN as expired, one ending within 14 days as expiring, a later one as valid', () => {
    expect(brnState({ brn: '12345', brnExpiresAt: days(-1) }, now)).toBe('expired');
    expect(brnState({ brn: '12345', brnExpiresAt: now.toISOString() }, now)).toBe('expired');
    expect(brnState({ brn: '12345', brnExpiresAt: days(14) }, now)).toBe('expiring');
    expect(brnState({ brn: '12345', brnExpiresAt: days(15) }, now)).toBe('valid');
    expect(brnState({ brn: '12345', brnExpiresAt: days(20) }, now, 30)).toBe('expiring');
  });
});
