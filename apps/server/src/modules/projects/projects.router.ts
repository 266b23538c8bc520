import { resourceProcedures } from '../../resources/resource-procedures.js';
import { router } from '../../trpc/trpc.js';
import { developerResource } from './developer.resource.js';
import { projectResource } from './project.resource.js';

export const projectsRouter = router(resourceProcedures(projectResource));
export const developersRouter = router(resourceProcedures(developerResource));
