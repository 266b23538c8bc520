import { LEAD_ASSIGNMENT_FILTER, LEAD_HOME_FIGURE_FILTER, leadContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';
import { leadAssignmentWhere } from './lead-assignment-filter.js';
import { leadHomeFigureWhere } from './lead-home-figure-filter.js';

// Leads, read side (the Leads report: list, count, one, by id, distinct, search). Writing a lead is the lead
// engine's (lead.service.ts), never the generic engine's.
export const leadResource = defineResource(leadContract, {
  customFieldKind: 'lead',
  model: 'lead',
  tag: 'leads',
  columns: { parentId: 'parentId' },
  populate: { listings: { relation: 'listing', fromOne: true } },
  // GET export is the lead module's own (lead-export.routes.ts): the Leads report's computed columns
  // (market, SLA stage, manager, developer...) in the caller's zone, not the generic per-field export.
  ownRoutes: ['export'],
  // meta.total over a million leads: the exact count, cached per filter; the lead services' writes invalidate it.
  cachedCount: true,
  // The leads behind a figure of the team reports (click-through from Brokers, Managers, Offices) and of Home.
  filterKeys: { [LEAD_ASSIGNMENT_FILTER]: leadAssignmentWhere, [LEAD_HOME_FIGURE_FILTER]: leadHomeFigureWhere },
});
