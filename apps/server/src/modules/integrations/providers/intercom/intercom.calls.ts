import { intercomCalls } from '@crm/domain';
import { serveCalls } from '../../../../calls/serve-calls.js';
import { intercomDataAttributes } from './intercom-attributes.service.js';

// Intercom's data attributes, both doors from their declaration (packages/domain messaging.calls.ts).
export const intercomDoors = serveCalls(intercomCalls, {
  intercomAttributes: ({ deps, actor, asset, input }) => intercomDataAttributes(deps, actor, asset, input.model),
});
