// The integrations module's public surface: what the rest of the server uses of it, and nothing else (docs/architecture.md
// 'Modules and their public surfaces').
export { requiredIntegration } from './active-integration.js';
export { listingsChanged } from './feed-snapshot.job.js';
export { currentFeedSnapshot, openFeedDocument } from './feed-snapshot.js';
export { feedFormatOf, feedSecretOf, servesFeed, signatureMatches } from './feed-token.js';
export { integrationUnavailable, requireIntegration } from './integration-guard.js';
export { findIntegration, type IntegrationRow, openSecrets, statusOf } from './integration-record.js';
export { toSyncRun } from './integration-sync.service.js';
export { type ListingPushKind, queueListingPush } from './listing-push.js';
export { callProvider, ProviderCallError } from './provider-call.js';
export { engageApiKey, engageOffices } from './providers/engage/engage-client.js';
export { queueNotificationPushes } from './providers/firebase/notification-push.js';
export { queueCalendarSync } from './providers/googlecalendar/calendar-sync.job.js';
export { goyzerOffices } from './providers/goyzer/goyzer-offices.js';
export { usableIntercomAccount } from './providers/intercom/intercom-client.js';
export {
  type LeadOfConversation,
  refreshIntercomConversation,
  refreshIntercomConversations,
} from './providers/intercom/intercom-conversations.js';
export { recordListingsPublished } from './providers/listing-events.js';
export { syncListingToPropertyFinder } from './providers/propertyfinder/pf-listing-sync.js';
export { queueReviewInvitation } from './providers/trustpilot/trustpilot-invite.job.js';
export { leadWhatsAppTemplates, sendLeadWhatsApp } from './providers/whatsapp/whatsapp-send.service.js';
export { primaryCrmOf, queueCrmSync, requirePrimaryCrm } from './sync/primary-crm.js';
export { canSync } from './sync/sync-adapters.js';
export { syncJobId } from './sync/sync-queue.js';
export { checkPermit, type PermitOutcome } from './trakheesi-client.js';
