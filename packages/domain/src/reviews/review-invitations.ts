import { LEAD_STAGE } from '../leads/lead-enums.js';

// Review invitations (docs/api.md 'Trustpilot'): after the moment the Trustpilot integration's `trigger` names, the
// customer is invited to review the company, once per customer and trigger in an asset.

export const REVIEW_TRIGGERS = ['deal-won', 'viewing-done'] as const;
export type ReviewTrigger = (typeof REVIEW_TRIGGERS)[number];

/** The lead stages that mean the deal was won: reaching one is the 'deal-won' trigger. */
export const LEAD_WON_STAGES: readonly string[] = [LEAD_STAGE.DEAL, LEAD_STAGE.SUCCESSFUL];

export const isWonStage = (stage: string | null | undefined) => stage != null && LEAD_WON_STAGES.includes(stage);

export const REVIEW_INVITATION_STATUSES = ['queued', 'sent', 'skipped', 'failed'] as const;
export type ReviewInvitationStatus = (typeof REVIEW_INVITATION_STATUSES)[number];
