import { memberContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

export const memberResource = defineResource(memberContract, {
  model: 'teamMember',
  tag: 'teams',
  refs: {
    user: { model: 'user', scope: 'company' },
    office: { model: 'office' },
    department: { model: 'department' },
    reportedTo: { model: 'teamMember' },
  },
});
