import { z } from 'zod';
import { CustomFieldValuesInputSchema } from '../custom-fields/custom-field-values.js';
import { MESSAGES } from '../messages/messages.js';
import { optionalText, RUN_EVEN_WITH_ISSUES } from '../validation/zod-helpers.js';
import { leadCommonShape, rangeNumber } from './lead-fields.js';
import { checkLeadRules, fieldsWithIssues } from './lead-rules.js';

/** A select's labelled value (antd labelInValue) or the plain label. */
export const LocationValueSchema = z.union([z.object({ value: z.union([z.string(), z.number()]), label: z.string() }), optionalText(200)]);

/** SLA pickers hold a Date or a string (ISO, or 'YYYY-MM-DD HH:mm:ss' wall time). */
export const FormDateSchema = z.union([z.date(), z.string()], { error: MESSAGES.lead.invalidDate }).nullish();

/**
 * The lead form (docs/product.md 'Lead form'): every rule, exact messages, errors on the field's own path.
 * Unknown keys are dropped (the form carries display-only state).
 */
export const LeadFormSchema = z
  .object({
    ...leadCommonShape,
    minBedroom: rangeNumber('Min', 'bedrooms'),
    maxBedroom: rangeNumber('Max', 'bedrooms'),
    minBudget: rangeNumber('Min', 'budget'),
    maxBudget: rangeNumber('Max', 'budget'),
    propertyType: optionalText(100),
    location: LocationValueSchema,
    initialSlaEndDate: FormDateSchema,
    freePoolSlaEndDate: FormDateSchema,
    /** The asset's lead custom fields (an emptied one is null), checked by the server against their definitions. */
    customFields: CustomFieldValuesInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    checkLeadRules(value, fieldsWithIssues(ctx.issues), (field, message) => ctx.addIssue({ code: 'custom', path: [field], message }));
  }, RUN_EVEN_WITH_ISSUES);

export type LeadFormValues = z.infer<typeof LeadFormSchema>;
export type LeadFormInput = z.input<typeof LeadFormSchema>;
export type LeadFormField = keyof LeadFormValues;
