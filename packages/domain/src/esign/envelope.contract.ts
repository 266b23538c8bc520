import { z } from 'zod';
import { oneResponseSchema } from '../list/list-response.schema.js';
import { leadFields } from '../leads/lead.contract.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f, pickFields } from '../resources/fields.js';
import { defineContract, rel } from '../resources/contract.js';
import { storedFileFields } from '../storage/stored-file.contract.js';
import { optionalText, requiredId } from '../validation/zod-helpers.js';

// A document sent for signature through DocuSign (docs/api.md 'DocuSign'): a PDF from Storage, signed by the lead's
// customer. Created by POST envelopes/send; the send job gives it DocuSign's envelope id, and DocuSign's Connect
// events move its status forward (never back: a late 'delivered' does not undo 'completed').

export const ENVELOPE_STATUSES = ['queued', 'sent', 'delivered', 'completed', 'declined', 'voided', 'failed'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];
export const ENVELOPE_STATUS_LABELS: Record<EnvelopeStatus, string> = {
  queued: 'Sending',
  sent: 'Sent',
  delivered: 'Opened',
  completed: 'Signed',
  declined: 'Declined',
  voided: 'Voided',
  failed: 'Not sent',
};
export const ENVELOPE_STATUS_COLORS: Record<EnvelopeStatus, string> = {
  queued: 'default',
  sent: 'blue',
  delivered: 'cyan',
  completed: 'green',
  declined: 'red',
  voided: 'default',
  failed: 'red',
};
/** How far along each status is: an event may only move an envelope to a later one. */
export const ENVELOPE_STATUS_RANK: Record<EnvelopeStatus, number> = {
  queued: 0,
  failed: 1,
  sent: 2,
  delivered: 3,
  completed: 4,
  declined: 4,
  voided: 4,
};

export const ENVELOPE_MESSAGES = {
  title: 'Documents for signature',
  none: 'No documents sent for signature yet',
  send: 'Send for signature',
  sendTitle: 'Send a document for signature',
  chooseFile: 'Choose a PDF',
  fileRequired: 'Choose the PDF to send.',
  subjectLabel: 'Email subject',
  fileNotFound: 'File not found.',
  notPdf: 'Only a PDF can be sent for signature.',
  leadNotFound: 'Lead not found.',
  noSignerEmail: "The lead's customer has no email address: add one before sending a document for signature.",
  queued: 'The document is on its way to DocuSign',
  signer: (name: string) => `Signer: ${name}`,
  defaultSubject: (file: string) => `Please sign: ${file}`,
} as const;

export const envelopeFields = {
  ...baseFields(),
  lead: f.ref('leads', { label: 'Lead', nullable: false, exportable: false }),
  file: f.ref('storage', { label: 'Document', nullable: false, exportable: false }),
  envelopeId: f.string({ label: 'DocuSign Envelope', nullable: true, searchable: true }),
  status: f.enum(ENVELOPE_STATUSES, { label: 'Status', sortable: true, distinct: true }),
  subject: f.string({ label: 'Subject', searchable: true }),
  signerName: f.string({ label: 'Signer', sortable: true, searchable: true }),
  signerEmail: f.string({ label: 'Signer Email', sensitive: true }),
  sentAt: f.date({ label: 'Sent At', nullable: true, sortable: true }),
  deliveredAt: f.date({ label: 'Opened At', nullable: true }),
  completedAt: f.date({ label: 'Signed At', nullable: true, sortable: true }),
  declinedAt: f.date({ label: 'Declined At', nullable: true }),
  voidedAt: f.date({ label: 'Voided At', nullable: true }),
  error: f.string({ label: 'Error', nullable: true }),
};

export const envelopeContract = defineContract({
  name: 'envelopes',
  path: 'envelopes',
  label: { one: 'envelope', many: 'envelopes' },
  scope: 'asset',
  fields: envelopeFields,
  relations: {
    lead: rel.one('leads', pickFields(leadFields, ['_id', 'leadID']), { label: 'Lead' }),
    file: rel.one('storage', pickFields(storedFileFields, ['_id', 'name']), { label: 'Document' }),
  },
  defaultSort: { field: 'createdAt', direction: -1 },
  exportColumns: ['createdAt', 'lead.leadID', 'file.name', 'subject', 'signerName', 'status', 'sentAt', 'completedAt'],
  permissions: { read: [P.LEADS_REPORT_VIEW, P.LEAD_UPDATE] },
});

/** POST envelopes/send: a PDF of Storage to the lead's customer. */
export const EnvelopeSendInputSchema = z.strictObject({
  lead: requiredId(ENVELOPE_MESSAGES.leadNotFound, 'Lead'),
  file: requiredId(ENVELOPE_MESSAGES.fileRequired, 'File'),
  subject: optionalText(100),
});
export type EnvelopeSendInput = z.infer<typeof EnvelopeSendInputSchema>;
export const EnvelopeResponseSchema = oneResponseSchema(envelopeContract.record);
