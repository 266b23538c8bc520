import type { ServerModule } from '../module.js';
import { developerResource } from './developer.resource.js';
import { projectRoutes } from './project.routes.js';
import { projectResource } from './project.resource.js';

export const projectsModule: ServerModule = { name: 'projects', routes: projectRoutes, resources: [projectResource, developerResource] };
