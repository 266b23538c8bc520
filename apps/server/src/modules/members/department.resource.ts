import { departmentContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

export const departmentResource = defineResource(departmentContract, { model: 'department' });
