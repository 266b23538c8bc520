import { type ContractRecord, type ViewingInput, viewingContract } from '@crm/domain';
import { defineResourceForm, type ResourceFormSpec } from '../../../kit/form/form-spec';
import { refIdOf } from '../../../kit/resource/refs';
import { ViewingFormFields } from './ViewingFormFields';

// Scheduling a viewing of one lead (docs/product.md 'Viewings'): the lead is the page's, the agent starts as the lead's,
// and a duration left empty is the asset's default (Viewing settings), which the server fills in.

type Viewings = typeof viewingContract;

/** No duration typed: not sent, so the viewing settings' default applies. */
function toViewingBody(values: ViewingInput): ViewingInput {
  const { durationMinutes, notes, ...rest } = values;
  return { ...rest, ...(typeof durationMinutes === 'number' ? { durationMinutes } : {}), ...(notes ? { notes } : {}) };
}

export function viewingFormFor(leadId: string, agentId: string | null): ResourceFormSpec<Viewings> {
  return defineResourceForm({
    contract: viewingContract,
    Fields: ViewingFormFields,
    defaults: () => ({ lead: leadId, ...(agentId ? { agent: agentId } : {}) }),
    fromRecord: (viewing: ContractRecord<Viewings>) => ({
      lead: refIdOf(viewing.lead) ?? leadId,
      startsAt: viewing.startsAt,
      durationMinutes: viewing.durationMinutes,
      agent: refIdOf(viewing.agent) ?? null,
      notes: viewing.notes,
    }),
    createBody: toViewingBody,
  });
}
