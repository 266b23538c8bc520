import type { ServerModule } from '../module.js';
import { activityDoors } from './activity.calls.js';
import { activityResource } from './activity.resource.js';

export const activitiesModule: ServerModule = {
  name: 'activities',
  openapiTag: {
    name: 'activities',
    description: "Calls, emails, WhatsApp messages, meetings, notes and tasks on leads, customers and deals (docs/api.md 'Activities')",
  },
  calls: [activityDoors],
  resources: [activityResource],
};
