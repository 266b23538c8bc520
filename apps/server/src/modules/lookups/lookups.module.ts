import type { ServerModule } from '../module.js';
import { lookupDoors } from './lookup.calls.js';
import { placeResource } from './place.resource.js';
import { seedPlacesOnReady } from './place-seed.hook.js';

export const lookupsModule: ServerModule = {
  name: 'lookups',
  openapiTag: { name: 'geo', description: 'Countries, states, cities, currencies, time zones, languages and static dictionaries' },
  calls: [lookupDoors],
  routes: seedPlacesOnReady,
  resources: [placeResource],
};
