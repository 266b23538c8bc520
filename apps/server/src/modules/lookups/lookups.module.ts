import type { ServerModule } from '../module.js';
import { lookupRoutes } from './lookups.routes.js';
import { placeResource } from './place.resource.js';

export const lookupsModule: ServerModule = { name: 'lookups', routes: lookupRoutes, resources: [placeResource] };
