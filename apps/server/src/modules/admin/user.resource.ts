import { userContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

// The engine serves the lists of users (GET users, search, count, by id) inside the caller's company; every write
// is the module's own call (users.routes.ts), since writes hash passwords, issue links and end sessions.
export const userResource = defineResource(userContract, {
  model: 'user',
  tag: 'admin',
  refs: { role: { model: 'role', scope: 'company' } },
});
