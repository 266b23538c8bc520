import type { ServerModule } from '../module.js';
import { reportDoors } from './report.calls.js';

// The CRM's reports over several modules' tables (Portal Leads): read-only declared calls.
export const reportsModule: ServerModule = {
  name: 'reports',
  openapiTag: { name: 'reports', description: 'CRM reports: Portal Leads' },
  calls: [reportDoors],
};
