import type { ServerModule } from '../module.js';
import { viewingFeedbackJob } from './viewing-feedback.job.js';
import { viewingReminderJob } from './viewing-reminder.job.js';
import { viewingResource } from './viewing.resource.js';

export const viewingsModule: ServerModule = {
  name: 'viewings',
  openapiTag: { name: 'viewings', description: "Viewings of leads: scheduled, done, cancelled or no-show (docs/api.md 'Viewings')" },
  resources: [viewingResource],
  jobs: [viewingReminderJob, viewingFeedbackJob],
};
