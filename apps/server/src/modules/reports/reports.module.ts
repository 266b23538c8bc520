import type { ServerModule } from '../module.js';
import { reportRoutes } from './portal-leads-export.js';
import { reportDoors } from './report.calls.js';

// The CRM's reports over several modules' tables (Portal Leads): read-only declared calls and their exports.
export const reportsModule: ServerModule = {
  name: 'reports',
  openapiTag: { name: 'reports', description: 'CRM reports: Portal Leads' },
  calls: [reportDoors],
  routes: reportRoutes,
};
