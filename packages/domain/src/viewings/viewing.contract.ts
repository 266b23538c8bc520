import { z } from 'zod';
import { customerFields } from '../customers/customer.contract.js';
import { leadFields } from '../leads/lead.contract.js';
import { listingFields } from '../listings/listing.contract.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { projectFields } from '../projects/project.contract.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { defineContract, rel } from '../resources/contract.js';
import { memberFields } from '../teams/team.contract.js';
import { optionalEnum, optionalId, optionalText, requiredId } from '../validation/zod-helpers.js';
import { VIEWING_MESSAGES as M, VIEWING_STATUSES } from './viewing-rules.js';

// A viewing of a lead (docs/product.md 'Viewings'): the lead's customer is shown a listing or a project by an agent
// at a time. The customer, and the listing, project and agent when not given, come from the lead; the duration from
// the asset's viewing settings. Its reminders, feedback request, calendar event and review invitation follow it.

export const viewingFields = {
  ...baseFields(),
  lead: f.ref('leads', { label: 'Lead', nullable: false, exportable: false }),
  customer: f.ref('customers', { label: 'Customer', exportable: false }),
  listing: f.ref('listings', { label: 'Listing', exportable: false }),
  project: f.ref('projects', { label: 'Project', exportable: false }),
  agent: f.ref('members', { label: 'Agent', exportable: false }),
  startsAt: f.date({ label: 'Starts At', sortable: true }),
  durationMinutes: f.int({ label: 'Duration (minutes)' }),
  status: f.enum(VIEWING_STATUSES, { label: 'Status', sortable: true, distinct: true }),
  notes: f.string({ label: 'Notes', nullable: true, searchable: true }),
  feedbackRequestedAt: f.date({ label: 'Feedback Requested At', nullable: true, sortable: true }),
  // Set by the Google Calendar sync (never by a body): the event on the agent's calendar, or why there is none.
  calendarEventId: f.string({ label: 'Calendar Event', nullable: true, exportable: false }),
  calendarError: f.string({ label: 'Calendar Error', nullable: true, exportable: false }),
};

const duration = z
  .number({ error: M.durationRange })
  .int({ error: M.durationRange })
  .min(5, { error: M.durationRange })
  .max(480, { error: M.durationRange });
const startsAt = z.iso.datetime({ offset: true, error: M.startsAtRequired });

/** POST viewings: the lead and the time; the rest defaults from the lead and the viewing settings. */
export const ViewingInputSchema = z.strictObject({
  lead: requiredId(M.leadRequired, 'Lead'),
  startsAt,
  durationMinutes: duration.optional(),
  agent: optionalId('Agent'),
  listing: optionalId('Listing'),
  project: optionalId('Project'),
  notes: optionalText(2000),
});
export type ViewingInput = z.infer<typeof ViewingInputSchema>;

/** PATCH viewings/{id}: reschedule, reassign, note, or mark done, cancelled or no-show. The lead stays. */
export const ViewingUpdateSchema = z.strictObject({
  startsAt: startsAt.optional(),
  durationMinutes: duration.optional(),
  agent: optionalId('Agent'),
  listing: optionalId('Listing'),
  project: optionalId('Project'),
  notes: optionalText(2000),
  status: optionalEnum(VIEWING_STATUSES, 'Status'),
});
export type ViewingUpdate = z.infer<typeof ViewingUpdateSchema>;

const VIEWING_READ = [P.LEADS_REPORT_VIEW, P.LEAD_UPDATE, P.VIEWING_REPORT_VIEW];

export const viewingContract = defineContract({
  name: 'viewings',
  path: 'viewings',
  label: { one: 'viewing', many: 'viewings' },
  scope: 'asset',
  fields: viewingFields,
  relations: {
    lead: rel.one('leads', pickFields(leadFields, ['_id', 'leadID', 'stage']), { label: 'Lead' }),
    customer: rel.one('customers', pickFields(customerFields, ['_id', 'fullName', 'customerID']), { label: 'Customer' }),
    listing: rel.one('listings', pickFields(listingFields, ['_id', 'reference', 'title']), { label: 'Listing' }),
    project: rel.one('projects', pickFields(projectFields, ['_id', 'name']), { label: 'Project' }),
    agent: rel.one('members', pickFields(memberFields, ['_id', 'name']), { label: 'Agent' }),
  },
  defaultSort: { field: 'startsAt', direction: -1 },
  exportColumns: ['startsAt', 'lead.leadID', 'customer.fullName', 'listing.reference', 'project.name', 'agent.name', 'status', 'notes'],
  create: ViewingInputSchema,
  update: ViewingUpdateSchema,
  // A viewing is cancelled, never deleted: its calendar event and jobs follow its status.
  permissions: { read: VIEWING_READ, create: [P.LEAD_UPDATE], update: [P.LEAD_UPDATE] },
});
