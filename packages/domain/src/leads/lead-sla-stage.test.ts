import { describe, expect, it } from 'vitest';
import { deriveSlaStage, slaReferenceTime } from './lead-sla-stage.js';

const now = new Date('2026-01-10T12:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('deriveSlaStage', () => {
  it("is '-' when either SLA end is missing or unparseable", () => {
    expect(deriveSlaStage({ freePoolSlaEndDate: now }, now)).toBe('-');
    expect(deriveSlaStage({ initialSlaEndDate: now }, now)).toBe('-');
    expect(deriveSlaStage({ initialSlaEndDate: 'garbage', freePoolSlaEndDate: now }, now)).toBe('-');
    expect(deriveSlaStage({ initialSlaEndDate: null, freePoolSlaEndDate: null, isAssignedFromLeadPool: true }, now)).toBe('-');
  });

  it("is 'Manager' when assigned from the lead pool, whatever the dates", () => {
    expect(
      deriveSlaStage(
        { initialSlaEndDate: '2026-01-11T00:00:00Z', freePoolSlaEndDate: '2026-01-12T00:00:00Z', isAssignedFromLeadPool: true },
        now,
      ),
    ).toBe('Manager');
  });

  it("is 'Initial' while the initial end is not before now (equal counts)", () => {
    expect(deriveSlaStage({ initialSlaEndDate: now.toISOString(), freePoolSlaEndDate: '2026-01-10T14:00:00Z' }, now)).toBe('Initial');
    expect(deriveSlaStage({ initialSlaEndDate: '2026-01-10T12:00:00.001Z', freePoolSlaEndDate: '2026-01-10T14:00:00Z' }, now)).toBe(
      'Initial',
    );
  });

  it("is 'Lead Pool' once the initial end passed but the free-pool end has not (equal counts)", () => {
    expect(deriveSlaStage({ initialSlaEndDate: '2026-01-10T11:59:59.999Z', freePoolSlaEndDate: now }, now)).toBe('Lead Pool');
  });

  it("is '-' once both ends passed", () => {
    expect(deriveSlaStage({ initialSlaEndDate: '2026-01-10T10:00:00Z', freePoolSlaEndDate: '2026-01-10T11:59:59.999Z' }, now)).toBe('-');
  });

  it('judges an accepted lead at its acceptance time, not now', () => {
    const lead = {
      initialSlaEndDate: '2026-01-10T10:00:00Z',
      freePoolSlaEndDate: '2026-01-10T11:00:00Z',
      isAccepted: true,
      acceptedAt: '2026-01-10T09:30:00Z',
    };
    expect(deriveSlaStage(lead, now)).toBe('Initial');
    expect(deriveSlaStage({ ...lead, acceptedAt: '2026-01-10T10:30:00Z' }, now)).toBe('Lead Pool');
    expect(deriveSlaStage({ ...lead, acceptedAt: '2026-01-10T11:30:00Z' }, now)).toBe('-');
  });

  it('uses now when accepted without an acceptance time, or when acceptedAt is set but not accepted', () => {
    expect(slaReferenceTime({ isAccepted: true, acceptedAt: null }, now)).toBe(now);
    expect(slaReferenceTime({ isAccepted: false, acceptedAt: at('2026-01-01T00:00:00Z') }, now)).toBe(now);
  });
});
