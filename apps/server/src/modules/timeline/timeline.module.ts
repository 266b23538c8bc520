import type { ServerModule } from '../module.js';
import { timelineDoors } from './timeline.calls.js';

export const timelineModule: ServerModule = {
  name: 'timeline',
  openapiTag: { name: 'timeline', description: "A lead's, customer's or deal's timeline, newest first (docs/api.md 'Timelines')" },
  calls: [timelineDoors],
};
