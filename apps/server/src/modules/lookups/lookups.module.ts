import type { ServerModule } from '../module.js';
import { lookupRoutes } from './lookups.routes.js';
import { placeResource } from './place.resource.js';

export const lookupsModule: ServerModule = {
  name: 'lookups',
  openapiTag: { name: 'geo', description: 'Countries, states, cities, currencies, time zones, languages and static dictionaries' },
  routes: lookupRoutes,
  resources: [placeResource],
};
