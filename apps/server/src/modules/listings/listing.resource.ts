import { listingContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

export const listingResource = defineResource(listingContract, { model: 'listing', refs: { agent: { model: 'teamMember' } } });
