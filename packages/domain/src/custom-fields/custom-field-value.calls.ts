import { z } from 'zod';
import { defineCall, defineCalls } from '../calls/define-call.js';
import { customerContract } from '../customers/customer.contract.js';
import { LEAD_CALL_PERMISSIONS } from '../leads/lead-engine.constants.js';
import { leadContract } from '../leads/lead.contract.js';
import { listingContract } from '../listings/listing.contract.js';
import type { PermissionCode } from '../permissions/permission-codes.js';
import { projectContract } from '../projects/project.contract.js';
import { CustomFieldValuesBodySchema, CustomFieldValuesResultSchema } from './custom-field-values.js';

// Setting one record's custom field values (docs/api.md 'Custom fields'): PATCH {path}/custom-fields/{id} of each
// record kind that has them, under its resource's tag and update permission; tRPC `customFields.setOn<Kind>`.

interface ValuedContract {
  name: string;
  path: string;
  label: { one: string };
  permissions: { update?: readonly PermissionCode[] | undefined };
}

const IdParams = z.object({ id: z.string().max(100) });

function valuesCall(contract: ValuedContract, update: readonly PermissionCode[] | undefined) {
  if (!update?.length) throw new Error(`${contract.name} names no update permission for its custom field values`);
  return defineCall({
    operationId: `${contract.name}.setCustomFields`,
    summary: `Set a ${contract.label.one}'s custom field values (merged; null clears one)`,
    tag: contract.path.split('/')[0] ?? contract.path,
    access: update,
    scope: 'asset',
    errors: ['NOT_FOUND'],
    kind: 'mutation',
    input: CustomFieldValuesBodySchema.extend({ id: IdParams.shape.id }),
    output: CustomFieldValuesResultSchema.shape.data,
    rest: {
      method: 'PATCH',
      path: `/api/${contract.path}/custom-fields/:id`,
      params: IdParams,
      body: CustomFieldValuesBodySchema,
      envelope: 'data',
      toInput: ({ params, body }) => ({ id: params.id, ...body }),
    },
  });
}

export const customFieldValueCalls = defineCalls('customFields', {
  setOnListing: valuesCall(listingContract, listingContract.permissions.update),
  setOnProject: valuesCall(projectContract, projectContract.permissions.update),
  setOnCustomer: valuesCall(customerContract, customerContract.permissions.update),
  // A lead's write is the lead engine's, under its own update permission.
  setOnLead: valuesCall(leadContract, LEAD_CALL_PERMISSIONS.update),
});
