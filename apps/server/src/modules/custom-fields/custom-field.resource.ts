import { customFieldContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

// Definitions of custom fields; a key is unique per asset and record kind (a second one is a 409). A new field
// without an order goes after the last one of its kind: the engine's, from the contract's order fact.
export const customFieldResource = defineResource(customFieldContract, {
  model: 'customFieldDefinition',
  tag: 'properties',
});
