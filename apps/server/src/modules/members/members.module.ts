import type { ServerModule } from '../module.js';
import { departmentResource } from './department.resource.js';
import { groupResource } from './group.resource.js';
import { memberResource } from './member.resource.js';

export const membersModule: ServerModule = { name: 'members', resources: [memberResource, departmentResource, groupResource] };
