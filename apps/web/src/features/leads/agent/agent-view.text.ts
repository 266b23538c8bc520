import { LEAD_ENGINE_MESSAGES, MESSAGES } from '@crm/domain';

// Texts of the agent's view not in the domain's message catalogue; the server's own wording where it has one.
export const AGENT_VIEW_TEXT = {
  title: 'My Leads',
  myLeadsTab: 'My Leads',
  poolTab: 'Lead Pool',
  accept: 'Accept',
  accepted: MESSAGES.lead.accepted,
  claim: 'Claim',
  claimed: MESSAGES.lead.claimed,
  claimedByAnother: MESSAGES.lead.claimedByAnother,
  noTeamMember: LEAD_ENGINE_MESSAGES.noTeamMember,
  notEligible: LEAD_ENGINE_MESSAGES.notEligibleToClaim,
  emptyLeads: 'leads',
  emptyPool: 'leads in the pool',
} as const;
