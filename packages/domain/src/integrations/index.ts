// WhatsApp's and Intercom's API shapes (docs/api.md 'WhatsApp', 'Intercom').
export * from './whatsapp-cloud.js';
export * from './intercom-api.js';
export * from './integration-messages.js';
export * from './integration-fields.js';
export * from './integration-providers.js';
export * from './integration.schemas.js';
export * from './integration-form.js';
export * from './partner-webhook.js';
export * from './portal-leads.js';
export * from './integration-sync-policy.js';
export * from './marketing.schemas.js';
export * from './provider-call-parts.js';
export * from './messaging.calls.js';
export * from './marketing.calls.js';
export * from './integration.calls.js';
