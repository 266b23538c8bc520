import { z } from 'zod';
import { CustomFieldValuesInputSchema } from '../custom-fields/custom-field-values.js';
import { MESSAGES } from '../messages/messages.js';
import { toDate } from '../time/date-value.js';
import { wallTimeToInstant } from '../time/timezone.js';
import { optionalId, optionalText, RUN_EVEN_WITH_ISSUES } from '../validation/zod-helpers.js';
import { FORM_LEAD_TYPE } from './lead-enums.js';
import { leadCommonShape, rangeNumber } from './lead-fields.js';
import type { LeadFormValues } from './lead-form.schema.js';
import { checkLeadRules, fieldsWithIssues, type LeadRuleField, type LeadRuleOptions } from './lead-rules.js';

/** The form fields the payload renames. */
export const LEAD_FORM_TO_PAYLOAD_FIELD = {
  minBedroom: 'minBedrooms',
  maxBedroom: 'maxBedrooms',
  minBudget: 'minPrice',
  maxBudget: 'maxPrice',
  propertyType: 'unitType',
} as const;

const PayloadDateSchema = z.iso.datetime({ offset: true, error: MESSAGES.lead.invalidDate }).nullish();

const payloadShape = {
  ...leadCommonShape,
  minBedrooms: rangeNumber('Min', 'bedrooms'),
  maxBedrooms: rangeNumber('Max', 'bedrooms'),
  minPrice: rangeNumber('Min', 'budget'),
  maxPrice: rangeNumber('Max', 'budget'),
  unitType: optionalText(100),
  /** The location's label. */
  location: optionalText(200),
  initialSlaEndDate: PayloadDateSchema,
  freePoolSlaEndDate: PayloadDateSchema,
  /** The active asset is the default; naming another is checked by the server's tenancy rule. */
  asset: optionalId('Asset'),
  /** The asset's lead custom fields (key -> value; null clears one), checked by the server against their definitions. */
  customFields: CustomFieldValuesInputSchema.optional(),
};

type PayloadRuleSource = Partial<Record<keyof typeof payloadShape, unknown>>;

/** The payload seen with form field names, and its issues' paths named the same way. */
function payloadRules(value: PayloadRuleSource, ctx: z.RefinementCtx, options: LeadRuleOptions = {}): void {
  const failed = fieldsWithIssues(ctx.issues);
  const renamed = Object.entries(LEAD_FORM_TO_PAYLOAD_FIELD) as [LeadRuleField, string][];
  for (const [form, payload] of renamed) if (failed.has(payload)) failed.add(form);
  checkLeadRules(
    {
      ...value,
      minBedroom: value.minBedrooms,
      maxBedroom: value.maxBedrooms,
      minBudget: value.minPrice,
      maxBudget: value.maxPrice,
      propertyType: value.unitType,
    },
    failed,
    (field, message) => ctx.addIssue({ code: 'custom', path: [field], message }),
    options,
  );
}

/**
 * A new lead may leave the agent and the referrer to the server: with automatic assignment the routing picks the
 * agent, and the referrer defaults to it (docs/leads.md 'Who gets a new lead'). An integrator's call often knows
 * neither; the browser's form still asks for both (LeadFormSchema).
 */
const createShape = { ...payloadShape, agent: optionalId('Agent'), referredBy: optionalId('Referred By') };

/** A manual assignment names its agent. */
function createRules(value: PayloadRuleSource & { agent?: unknown }, ctx: z.RefinementCtx, options: LeadRuleOptions = {}): void {
  payloadRules(value, ctx, options);
  if (value.isManualAssignment === true && !value.agent)
    ctx.addIssue({ code: 'custom', path: ['agent'], message: MESSAGES.lead.agentRequired });
}

/**
 * `POST /properties/leads/create` (docs/leads.md 'Saving'). The same rules as the form; a rule's
 * error is keyed by the form field name (minBedroom, minBudget, propertyType), as docs/api.md 'Errors' shows.
 */
export const LeadPayloadSchema = z.strictObject(createShape).superRefine(createRules, RUN_EVEN_WITH_ISSUES);
export type LeadPayload = z.infer<typeof LeadPayloadSchema>;
export type LeadPayloadInput = z.input<typeof LeadPayloadSchema>;

/** The integrator's key of a lead: which system sent it and its id there. */
export const LeadSourceKeyShape = {
  inputSource: z
    .string({ error: MESSAGES.lead.inputSourceRequired })
    .trim()
    .min(1, { error: MESSAGES.lead.inputSourceRequired })
    .max(100, { error: MESSAGES.lead.inputSourceRequired }),
  sourceDataId: z
    .string({ error: MESSAGES.lead.sourceDataIdRequired })
    .trim()
    .min(1, { error: MESSAGES.lead.sourceDataIdRequired })
    .max(200, { error: MESSAGES.lead.sourceDataIdRequired }),
};

/**
 * `POST /properties/leads/chekinio`: a create payload with the sending system's key. The first call creates the
 * lead; a later one with the same (inputSource, sourceDataId) in the asset refreshes the provider's details.
 */
export const LeadUpsertPayloadSchema = z
  .strictObject({ ...createShape, ...LeadSourceKeyShape })
  .superRefine(createRules, RUN_EVEN_WITH_ISSUES);
export type LeadUpsertPayload = z.infer<typeof LeadUpsertPayloadSchema>;

/**
 * A portal's or partner's lead that names no listing or project of the asset (docs/leads.md 'Leads from portals and
 * partners'): a general lead with what the provider sent. The provider knows nothing of the general lead's search
 * (location, type, bedrooms, budget), so those are left for the agent to fill in after the call
 * (LeadRuleOptions.detailsPending); every other rule (ranges, manual SLA) still applies.
 */
export const InboundGeneralLeadPayloadSchema = z
  .strictObject({ ...createShape, ...LeadSourceKeyShape })
  .superRefine((value, ctx) => createRules(value, ctx, { detailsPending: true }), RUN_EVEN_WITH_ISSUES);

/**
 * A lead opened by a customer's message from a number we do not know (WhatsApp, docs/api.md 'WhatsApp'): the
 * upsert's body, but a general lead's search details may wait for the agent (LeadRuleOptions.detailsPending).
 */
export const InboundMessageLeadPayloadSchema = z
  .strictObject({ ...createShape, ...LeadSourceKeyShape })
  .superRefine((value, ctx) => payloadRules(value, ctx, { detailsPending: true }), RUN_EVEN_WITH_ISSUES);

const { stage: _stage, status: _status, ...updateShape } = payloadShape;

/**
 * `PATCH /properties/leads/cms/{id}`: the whole form again, without stage and status (those change only
 * through `PATCH stage/{id}`). Locked fields (LEAD_FIELDS_LOCKED_ONCE_SET) are compared by the service.
 */
export const LeadUpdatePayloadSchema = z.strictObject(updateShape).superRefine(payloadRules, RUN_EVEN_WITH_ISSUES);
export type LeadUpdatePayload = z.infer<typeof LeadUpdatePayloadSchema>;

export interface ToLeadPayloadOptions {
  /** Zone of wall-time SLA strings ('YYYY-MM-DD HH:mm:ss'); unknown -> UTC. */
  timeZone?: string | null;
}

function locationLabel(location: LeadFormValues['location']): string | null {
  if (location === null || location === undefined) return null;
  return typeof location === 'string' ? location : location.label;
}

/** A picker value as an ISO instant: Dates and zoned strings as they are, wall times read in `timeZone`. */
function toIsoInstant(value: Date | string | null | undefined, timeZone?: string | null): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && !/(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) {
    return wallTimeToInstant(value.trim(), timeZone)?.toISOString() ?? null;
  }
  return toDate(value)?.toISOString() ?? null;
}

const idOrNull = (value: string | null | undefined) => (value ? value : null);

/**
 * The form as the create payload. Bedrooms/budget/propertyType are renamed, the location
 * goes as its label, a general lead is always manually assigned, and with automatic SLA the dates are left
 * to the server.
 */
export function toLeadPayload(form: LeadFormValues, options: ToLeadPayloadOptions = {}): LeadPayload {
  const { minBedroom, maxBedroom, minBudget, maxBudget, propertyType, location, initialSlaEndDate, freePoolSlaEndDate, ...rest } = form;
  const manualSla = form.setAutoSLADetails === false;
  return {
    ...rest,
    listing: idOrNull(form.listing),
    campaignName: idOrNull(form.campaignName),
    parentId: idOrNull(form.parentId),
    isManualAssignment: form.type === FORM_LEAD_TYPE.GENERAL ? true : form.isManualAssignment,
    minBedrooms: minBedroom ?? null,
    maxBedrooms: maxBedroom ?? null,
    minPrice: minBudget ?? null,
    maxPrice: maxBudget ?? null,
    unitType: propertyType ?? null,
    location: locationLabel(location),
    initialSlaEndDate: manualSla ? toIsoInstant(initialSlaEndDate, options.timeZone) : null,
    freePoolSlaEndDate: manualSla ? toIsoInstant(freePoolSlaEndDate, options.timeZone) : null,
  };
}

/** The update payload: the create payload without stage and status. */
export function toLeadUpdatePayload(form: LeadFormValues, options: ToLeadPayloadOptions = {}): LeadUpdatePayload {
  const { stage: _s, status: _t, ...rest } = toLeadPayload(form, options);
  // The form always carries the agent and the referrer (its schema requires both).
  return { ...rest, agent: form.agent, referredBy: form.referredBy };
}
