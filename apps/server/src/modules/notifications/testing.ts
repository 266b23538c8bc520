// The notifications module's test surface, for the other modules' tests; production code never imports it
// (docs/architecture.md 'Modules and their public surfaces'). The mail job's run is here, not in index.ts: it queues
// pushes through the integrations, which write partner leads, which notify through index.ts: an import circle.
export { sendPendingMails } from './notification-jobs.js';
