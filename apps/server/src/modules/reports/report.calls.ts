import { reportCalls } from '@crm/domain';
import { serveCalls } from '../../calls/serve-calls.js';
import { portalLeadsReport } from './portal-leads.service.js';

// The CRM reports' declared calls (packages/domain/src/reports), both doors.
export const reportDoors = serveCalls(reportCalls, {
  portalLeads: ({ deps, asset, input }) => portalLeadsReport(deps, asset, input),
});
