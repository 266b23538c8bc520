import { viewingContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';
import { leadResource } from '../leads/index.js';
import { viewingDefaults } from './viewing-defaults.js';
import { followViewing } from './viewing-follow-up.js';

// Viewings (GET/POST/PATCH viewings, docs/api.md 'Viewings'): written through the engine (activity log, checked
// references); what the lead and the viewing settings give is filled in on create, and the reminders, feedback
// request, calendar event and review invitation are queued once the write has committed.
export const viewingResource = defineResource(viewingContract, {
  model: 'viewing',
  tag: 'viewings',
  // A viewing ahead is a lead's next activity (the Leads report's 'No Next Activity'): its cached totals go with it.
  invalidates: () => [leadResource],
  refs: {
    lead: { model: 'lead' },
    listing: { model: 'listing' },
    project: { model: 'project' },
    agent: { model: 'teamMember' },
  },
  hooks: { beforeCreate: viewingDefaults, afterCommit: followViewing },
});
