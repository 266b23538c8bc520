import type { ServerModule } from '../module.js';
import { developerResource } from './developer.resource.js';
import { projectResource } from './project.resource.js';

export const projectsModule: ServerModule = { name: 'projects', resources: [projectResource, developerResource] };
