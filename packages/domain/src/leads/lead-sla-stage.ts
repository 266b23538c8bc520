import { toDate, type DateInput } from '../time/date-value.js';
import { SLA_STAGE, type SlaStage } from './lead-enums.js';

export interface SlaStageSource {
  initialSlaEndDate?: DateInput;
  freePoolSlaEndDate?: DateInput;
  isAssignedFromLeadPool?: boolean | null;
  isAccepted?: boolean | null;
  acceptedAt?: DateInput;
}

/** The moment the SLA is judged at: acceptance stops the clock, otherwise it is now. */
export function slaReferenceTime(lead: SlaStageSource, now: Date): Date {
  const acceptedAt = toDate(lead.acceptedAt);
  return lead.isAccepted && acceptedAt ? acceptedAt : now;
}

/**
 * docs/product.md 'Leads report': '-' if either SLA end is missing; 'Manager' if assigned from the lead pool;
 * 'Initial' while the initial end is not before the reference time; 'Lead Pool' while the free-pool end
 * is not before it; else '-'.
 */
export function deriveSlaStage(lead: SlaStageSource, now: Date): SlaStage {
  const initialEnd = toDate(lead.initialSlaEndDate);
  const freePoolEnd = toDate(lead.freePoolSlaEndDate);
  if (!initialEnd || !freePoolEnd) return SLA_STAGE.NONE;
  if (lead.isAssignedFromLeadPool) return SLA_STAGE.MANAGER;
  const reference = slaReferenceTime(lead, now).getTime();
  if (initialEnd.getTime() >= reference) return SLA_STAGE.INITIAL;
  if (freePoolEnd.getTime() >= reference) return SLA_STAGE.LEAD_POOL;
  return SLA_STAGE.NONE;
}
