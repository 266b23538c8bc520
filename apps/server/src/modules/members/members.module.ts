import type { ServerModule } from '../module.js';
import { departmentResource } from './department.resource.js';
import { groupResource } from './group.resource.js';
import { memberDoors } from './member.calls.js';
import { memberRatingResource } from './member-rating.resource.js';
import { memberResource } from './member.resource.js';
import { memberRoutes } from './members.routes.js';

export const membersModule: ServerModule = {
  name: 'members',
  openapiTag: { name: 'teams', description: 'Team members, departments, groups and per-office statistics' },
  calls: [memberDoors],
  routes: memberRoutes,
  resources: [memberResource, departmentResource, groupResource, memberRatingResource],
};
