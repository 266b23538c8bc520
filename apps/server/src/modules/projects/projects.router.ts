import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { developerResource } from './developer.resource.js';
import { projectDoors } from './project.calls.js';
import { projectResource } from './project.resource.js';

// Projects, tRPC door: the generic resource's calls and the declared project calls (project.calls.ts).
export const projectsRouter = router({ ...resourceProcedures(projectResource), ...projectDoors.procedures });
export const developersRouter = router(resourceProcedures(developerResource));
