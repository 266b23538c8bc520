import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { departmentResource } from './department.resource.js';
import { groupResource } from './group.resource.js';
import { memberResource } from './member.resource.js';

export const membersRouter = router(resourceProcedures(memberResource));
export const departmentsRouter = router(resourceProcedures(departmentResource));
export const groupsRouter = router(resourceProcedures(groupResource));
