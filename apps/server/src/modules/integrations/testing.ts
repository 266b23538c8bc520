// The integrations module's test surface: its test kits, for the other modules' tests; production code never imports it
// (docs/architecture.md 'Modules and their public surfaces').
export { INTEGRATION_SAMPLES } from './integration-test-samples.js';
export { assetApi, eventually, superAdminOf } from './providers/provider-test-kit.js';
import { providerSubscribers } from './providers/provider-registry.js';

/** The subscribers of the lead's events (every provider's), for the outbox's own tests (core/events) to deliver by hand. */
export const LEAD_EVENT_SUBSCRIBERS = providerSubscribers().filter((subscriber) => subscriber.event.startsWith('lead.'));
