import type { ServerModule } from '../../module.js';
import { activeCampaignContactJob } from './activecampaign/activecampaign-contact.job.js';
import { amplitudeFlushJob } from './amplitude/amplitude-flush.job.js';
import { firebasePushJob } from './firebase/firebase-push.job.js';
import { marketingRoutes } from './marketing.routes.js';
import { sendGridContactJob } from './sendgrid/sendgrid-contact.job.js';
import { sendGridEventJob } from './sendgrid/sendgrid-event.job.js';
import { zapierDeliverJob } from './zapier/zapier-deliver.job.js';

// SendGrid, ActiveCampaign, Firebase, Amplitude, TinyURL and Zapier (docs/api.md 'Integrations'): their calls,
// webhook and jobs.
export const marketingIntegrationsModule: ServerModule = {
  name: 'marketing-integrations',
  routes: marketingRoutes,
  jobs: [sendGridContactJob, sendGridEventJob, activeCampaignContactJob, firebasePushJob, amplitudeFlushJob, zapierDeliverJob],
};
