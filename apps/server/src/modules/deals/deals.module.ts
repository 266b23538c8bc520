import type { ServerModule } from '../module.js';
import { dealActivitySubscriber } from './deal-activity.subscribers.js';
import { dealDoors } from './deal.calls.js';
import { dealResource } from './deal.resource.js';

export const dealsModule: ServerModule = {
  name: 'deals',
  openapiTag: { name: 'deals', description: "Deals: pipelines and stages, the board, commission splits and totals (docs/api.md 'Deals')" },
  calls: [dealDoors],
  resources: [dealResource],
  subscribers: [dealActivitySubscriber],
};
