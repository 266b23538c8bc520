import { customFieldValueCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { customerResource } from '../customers/index.js';
import { setLeadCustomFields } from '../leads/index.js';
import { listingResource } from '../listings/index.js';
import { projectResource } from '../projects/index.js';
import { setRecordCustomFields } from './custom-field-values.service.js';

// One record's custom field values, both doors from the declarations (packages/domain custom-field-value.calls.ts).
export const customFieldValueDoors = serveCalls(customFieldValueCalls, {
  setOnListing: ({ deps, actor, input: { id, ...body } }) => setRecordCustomFields({ deps, actor }, listingResource, id, body),
  setOnProject: ({ deps, actor, input: { id, ...body } }) => setRecordCustomFields({ deps, actor }, projectResource, id, body),
  setOnCustomer: ({ deps, actor, input: { id, ...body } }) => setRecordCustomFields({ deps, actor }, customerResource, id, body),
  setOnLead: ({ deps, actor, input: { id, ...body } }) => setLeadCustomFields(deps, actor, id, body),
});
