import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { customFieldResource } from './custom-field.resource.js';
import { customFieldValueDoors } from './custom-field-value.calls.js';

// `customFields.reorder` comes with the generic procedures (the contract's order fact); `setOn<Kind>` sets one
// record's values (custom-field-value.calls.ts).
export const customFieldsRouter = router({ ...resourceProcedures(customFieldResource), ...customFieldValueDoors.procedures });
