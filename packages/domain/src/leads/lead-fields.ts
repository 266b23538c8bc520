import { z } from 'zod';
import { GEO_DEFAULTS } from '../constants/app.constants.js';
import { MESSAGES, type RangeQuantity } from '../messages/messages.js';
import { optionalEnum, optionalId, optionalText, requiredEnum, requiredId, requiredText } from '../validation/zod-helpers.js';
import {
  CONTACT_METHODS,
  CONTACT_TYPES,
  DEFAULT_LEAD_STAGE,
  DEFAULT_LEAD_STATUS,
  ENQUIRY_METHODS,
  FORM_LEAD_TYPES,
  LEAD_ACTIONS,
  LEAD_FORM_STAGES,
  LEAD_STATUSES,
  LEAD_TYPES,
  RATINGS,
} from './lead-enums.js';

// The single-field schemas of a lead, shared by the form schema and the payload schema.
const M = MESSAGES.lead;

export const rangeNumber = (bound: 'Min' | 'Max', quantity: RangeQuantity) => z.number({ error: M.notANumber(bound, quantity) }).nullish();

export const UtmSchema = z.strictObject({
  id: optionalText(200),
  source: optionalText(200),
  medium: optionalText(200),
  campaign: optionalText(200),
  term: optionalText(200),
  content: optionalText(200),
});
export type Utm = z.infer<typeof UtmSchema>;

/** Fields named and shaped the same in the form and the payload. */
export const leadCommonShape = {
  customer: requiredId(M.customerRequired, 'Customer'),
  contactType: requiredEnum(CONTACT_TYPES, M.contactTypeRequired, 'Contact Type'),
  type: requiredEnum(FORM_LEAD_TYPES, M.typeRequired, 'Type'),
  listing: optionalId('Listing'),
  /** The off-plan project's id (the form calls the field campaignName). */
  campaignName: optionalId('Project'),
  source: requiredText(M.sourceRequired, MESSAGES.common.fieldOnlyWhitespace, 200),
  leadType: optionalEnum(LEAD_TYPES, 'Lead Type'),
  referredBy: requiredId(M.referredByRequired, 'Referred By'),
  enquiryMethod: optionalEnum(ENQUIRY_METHODS, 'Enquiry Method'),
  contactMethod: requiredEnum(CONTACT_METHODS, M.contactMethodRequired, 'Contact Method'),
  minBathrooms: rangeNumber('Min', 'bathrooms'),
  maxBathrooms: rangeNumber('Max', 'bathrooms'),
  remarks: optionalText(5000),
  stage: z.enum(LEAD_FORM_STAGES, { error: M.invalidOption('Stage') }).default(DEFAULT_LEAD_STAGE),
  status: z.enum(LEAD_STATUSES, { error: M.invalidOption('Status') }).default(DEFAULT_LEAD_STATUS),
  action: requiredEnum(LEAD_ACTIONS, M.actionRequired, 'Action'),
  rating: optionalEnum(RATINGS, 'Rating'),
  amenities: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
  country: optionalText(100).default(GEO_DEFAULTS.COUNTRY),
  city: optionalText(100).default(GEO_DEFAULTS.CITY),
  subLocation: optionalText(200),
  community: optionalText(200),
  isManualAssignment: z.boolean().default(false),
  agent: requiredId(M.agentRequired, 'Agent'),
  sendToPool: z.boolean().default(false),
  setAutoSLADetails: z.boolean().default(true),
  utm: UtmSchema.nullish(),
  /** The parent lead this one will be merged into (from the initial-agent lookup). */
  parentId: optionalId('Parent Lead'),
};
