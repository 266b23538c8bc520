import type { ServerModule } from '../module.js';
import { developerResource } from './developer.resource.js';
import { projectDoors } from './project.calls.js';
import { projectResource } from './project.resource.js';

export const projectsModule: ServerModule = { name: 'projects', calls: [projectDoors], resources: [projectResource, developerResource] };
