// The leads module's public surface (docs/architecture.md 'Modules and their public surfaces'): what other modules
// may use of it. A lead's side effects elsewhere are its domain events (lead-events.ts), never imports from here.

/** An integrator's lead (a partner, a WhatsApp message): created through lead intake, or its existing lead refreshed. */
export { upsertLead } from './lead-upsert.service.js';
/** A lead id from outside checked before any read (404 for a malformed one). */
export { assertLeadId } from './lead-record.js';
/** Every later change of a lead goes through the lead writer, on the row locked first (the lead's clock lock). */
export { changeLead } from './lead-writer.js';
export { lockLead } from './lead-sla.service.js';
