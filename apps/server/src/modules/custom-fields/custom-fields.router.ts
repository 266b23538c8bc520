import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { customFieldResource } from './custom-field.resource.js';

// `customFields.reorder` comes with the generic procedures: the contract's order fact.
export const customFieldsRouter = router(resourceProcedures(customFieldResource));
