export * from './errors/error-codes.js';
export * from './permissions/permission-codes.js';
export * from './permissions/permission-check.js';
export * from './permissions/user-management.js';
export * from './list/index.js';
export * from './auth/index.js';
// Shared rules, messages, constants and schemas.
export * from './constants/app.constants.js';
export * from './constants/limits.constants.js';
export * from './messages/messages.js';
export * from './errors/error-envelope.schema.js';
export * from './errors/validation-fields.js';
export * from './health/health.schemas.js';
export * from './health/health.calls.js';
export * from './navigation/menu.js';
export * from './navigation/menu.helpers.js';
export * from './navigation/routes.js';
export * from './navigation/parent-paths.js';
export * from './validation/zod-helpers.js';
export * from './text/search-term.js';
export * from './text/whitespace.js';
export * from './phone/phone.js';
export * from './time/date-value.js';
export * from './time/timezone.js';
export * from './time/date-presets.js';
export * from './time/response-time.js';
export * from './uploads/upload-validation.js';
export * from './teams/team-member.rules.js';
export * from './customers/customer-enums.js';
export * from './customers/customer-form.schema.js';
export * from './leads/lead-enums.js';
export * from './leads/unit-types.js';
export * from './leads/amenities.js';
export * from './leads/leads-report-columns.js';
export * from './leads/lead-market.js';
export * from './leads/lead-sla-stage.js';
export * from './leads/lead-review.js';
export * from './leads/lead-rules.js';
export * from './leads/lead-fields.js';
export * from './leads/lead-form.schema.js';
export * from './leads/lead-payload.js';
export * from './leads/lead-form.behaviour.js';
// Lead engine: assignment reasons, SLA clock, call schemas.
export * from './leads/lead-engine.constants.js';
export * from './leads/lead-event.js';
export * from './leads/lead-sla-clock.js';
export * from './leads/lead-calls.schemas.js';
export * from './leads/lead.calls.js';
// Leads report exports.
export * from './leads/lead-export.schemas.js';
// Customers' calls and the form lookups.
export * from './customers/customer-calls.schemas.js';
// Imports of listings, projects and team members (CSV/XLSX).
export * from './imports/index.js';
export * from './lookups/uae-locations.js';
export * from './lookups/place.contract.js';
export * from './lookups/geo.js';
export * from './lookups/lookup-calls.schemas.js';
export * from './lookups/lookup.calls.js';
// Resource contracts: the kit, and one contract per resource (its record, inputs, list fields, permissions).
export * from './resources/index.js';
export * from './customers/customer.contract.js';
export * from './customers/customer.calls.js';
export * from './storage/stored-file.contract.js';
export * from './storage/storage-usage.js';
export * from './storage/storage.calls.js';
export * from './projects/developer.contract.js';
export * from './projects/project.contract.js';
export * from './faqs/faq.contract.js';
export * from './custom-fields/custom-field.contract.js';
export * from './custom-fields/custom-field-values.js';
export * from './custom-fields/custom-field-value.calls.js';
export * from './teams/team.contract.js';
export * from './listings/listing.contract.js';
export * from './listings/listing-calls.schemas.js';
export * from './listings/listing.calls.js';
export * from './listings/listing-enums.js';
export * from './listings/listing-media.js';
export * from './listings/listing-messages.js';
export * from './listings/listing-rules.js';
export * from './listings/listing-syndication.js';
export * from './listings/listing-text.js';
export * from './leads/lead.contract.js';
export * from './admin/admin-logs.contract.js';
export * from './admin/system-log.contract.js';
export * from './notifications/staff-notification.contract.js';
export * from './notifications/staff-notification.calls.js';
export * from './api-keys/api-key.contract.js';
export * from './api-keys/api-key.calls.js';
export * from './projects/project-parts.js';
export * from './projects/project.calls.js';
export * from './projects/project-translations.js';
export * from './settings/index.js';
// Team members' own calls and ratings (teams area).
export * from './teams/member-calls.schemas.js';
export * from './teams/member.calls.js';
export * from './teams/member-rating.contract.js';
export * from './teams/team-reports.js';
export * from './teams/team-report-figures.js';
// Home: its figures by reader and the links to the lists behind them.
export * from './home/home-figure-links.js';
export * from './home/home.schemas.js';
export * from './home/home.calls.js';
// Integrations: the provider registry, its schemas and the calls' shapes.
export * from './integrations/index.js';
// Lead conversations (WhatsApp, Intercom): their messages and the send box's input.
export * from './conversations/index.js';
// Activities and tasks on leads, customers and deals.
export * from './activities/index.js';
// Deals: pipelines, commission splits, the board and totals.
export * from './deals/index.js';
// Timelines of leads, customers and deals: every kind of entry, newest first, a page at a time.
export * from './timeline/index.js';
// Viewings of leads, documents for signature, review invitations.
export * from './viewings/index.js';
export * from './esign/index.js';
export * from './reviews/qualification-review.contract.js';
export * from './reviews/review-invitations.js';
export * from './reviews/viewing-review.contract.js';
export * from './reviews/viewing-review.calls.js';
export * from './reviews/viewing-review-page.js';
// Admin: users, roles, company settings.
export * from './admin/admin.messages.js';
export * from './admin/user.contract.js';
export * from './admin/user.calls.js';
export * from './admin/role.contract.js';
export * from './admin/role.calls.js';
export * from './admin/company-asset.contract.js';
export * from './admin/company-asset.calls.js';
export * from './admin/company-security.schemas.js';
export * from './admin/company-security.calls.js';
export * from './events/domain-events.js';
export * from './calls/index.js';
export * from './reports/portal-leads.js';
