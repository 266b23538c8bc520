// The integrations module's public surface (docs/architecture.md 'Modules and their public surfaces'). The leads
// module's sync calls reach the asset's primary CRM here; everything the integrations do after a lead's write is
// a subscriber of the lead's events (lead-events.subscribers.ts), which no other module imports.

export { queueCrmSync, requirePrimaryCrm } from './sync/primary-crm.js';
