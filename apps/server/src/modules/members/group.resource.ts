import { groupContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

export const groupResource = defineResource(groupContract, { model: 'group' });
