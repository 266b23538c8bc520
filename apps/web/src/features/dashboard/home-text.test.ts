import { describe, expect, it } from 'vitest';
import { slaTimeLeft } from './home-text';

describe('the SLA countdown', () => {
  const now = new Date('2026-12-03T10:00:00.000Z');

  it('says the time left in whole minutes, rounded up', () => {
    expect(slaTimeLeft('2026-12-03T10:29:10.000Z', now)).toBe('30 min left');
    expect(slaTimeLeft('2026-12-03T12:05:00.000Z', now)).toBe('2 h 5 min left');
    expect(slaTimeLeft('2026-12-05T10:00:00.000Z', now)).toBe('2 d left');
  });

  it('says when the SLA has ended or there is none', () => {
    expect(slaTimeLeft('2026-12-03T09:59:00.000Z', now)).toBe('SLA ended');
    expect(slaTimeLeft(null, now)).toBe('No SLA');
  });
});
