import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { PERMISSIONS as P } from '../permissions/permission-codes.js';
import { baseFields, f } from '../resources/fields.js';
import { defineContract } from '../resources/contract.js';
import { requiredText } from '../validation/zod-helpers.js';

// A custom field: an extra value an asset keeps on one kind of record (a listing's view, a lead's budget source).
// The values live in the record's `customFields` (key -> value) and are checked against these definitions.

export const CUSTOM_FIELD_KINDS = ['listing', 'project', 'lead', 'customer'] as const;
export type CustomFieldKind = (typeof CUSTOM_FIELD_KINDS)[number];
export const CUSTOM_FIELD_KIND_LABELS: Record<CustomFieldKind, string> = {
  listing: 'Listings',
  project: 'Projects',
  lead: 'Leads',
  customer: 'Customers',
};

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'select', 'multi-select', 'boolean'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  select: 'Select',
  'multi-select': 'Multi-select',
  boolean: 'Yes/No',
};

/** A key is the value's name inside `customFields` and in a list filter (`customFields.<key>`): no dots. */
export const CUSTOM_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_-]{0,49}$/;
export const CUSTOM_FIELD_LIMITS = { MAX_OPTIONS: 100, MAX_OPTION: 100, MAX_ORDER: 1_000_000, MAX_TEXT: 1000 } as const;

export function hasOptions(type: CustomFieldType): boolean {
  return type === 'select' || type === 'multi-select';
}

const M = MESSAGES.record;
const CF = MESSAGES.customField;

export const customFieldFields = {
  ...baseFields(),
  kind: f.enum(CUSTOM_FIELD_KINDS, { label: 'Record', sortable: true, distinct: true }),
  key: f.string({ label: 'Key', sortable: true, searchable: true }),
  label: f.string({ label: 'Label', sortable: true, searchable: true }),
  type: f.enum(CUSTOM_FIELD_TYPES, { label: 'Type', distinct: true }),
  options: f.strings({ label: 'Options' }),
  required: f.boolean({ label: 'Required' }),
  order: f.int({ label: 'Order', sortable: true }),
  enabled: f.boolean({ label: 'Enabled', distinct: true }),
};

const option = z
  .string()
  .trim()
  .min(1, { error: M.required('Option') })
  .max(CUSTOM_FIELD_LIMITS.MAX_OPTION);
const options = z.array(option).max(CUSTOM_FIELD_LIMITS.MAX_OPTIONS);

const definitionShape = {
  kind: z.enum(CUSTOM_FIELD_KINDS, { error: M.required('Record') }),
  key: z
    .string({ error: M.required('Key') })
    .trim()
    .regex(CUSTOM_FIELD_KEY_PATTERN, { error: CF.keyFormat }),
  label: requiredText(M.required('Label'), undefined, 100),
  type: z.enum(CUSTOM_FIELD_TYPES, { error: M.required('Type') }),
  options: options.optional(),
  required: z.boolean().optional(),
  order: z.number().int().min(0).max(CUSTOM_FIELD_LIMITS.MAX_ORDER).optional(),
  enabled: z.boolean().optional(),
};

/** Options belong to selects only, a select has at least one, each once. */
function checkOptions(value: { type?: CustomFieldType | undefined; options?: string[] | undefined }, ctx: z.RefinementCtx) {
  const list = value.options ?? [];
  if (value.type === undefined) return;
  if (hasOptions(value.type) && list.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: CF.optionsRequired });
  if (!hasOptions(value.type) && list.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: CF.optionsOnlyForSelect });
  if (new Set(list).size !== list.length) ctx.addIssue({ code: 'custom', path: ['options'], message: CF.optionsUnique });
}

export const CustomFieldInputSchema = z.strictObject(definitionShape).superRefine(checkOptions);
export type CustomFieldInput = z.infer<typeof CustomFieldInputSchema>;

/**
 * An update may not move a field to another record kind or rename its key (the values stored under it would be
 * lost); the type may change (a value that no longer fits is refused on that record's next save).
 */
export const CustomFieldUpdateSchema = z
  .strictObject({
    label: definitionShape.label.optional(),
    type: definitionShape.type.optional(),
    options: definitionShape.options,
    required: definitionShape.required,
    order: definitionShape.order,
    enabled: definitionShape.enabled,
  })
  .superRefine(checkOptions);
export type CustomFieldUpdate = z.infer<typeof CustomFieldUpdateSchema>;

export const customFieldContract = defineContract({
  name: 'customFields',
  path: 'properties/custom-fields',
  label: { one: 'custom field', many: 'custom fields' },
  scope: 'asset',
  softDelete: false,
  fields: customFieldFields,
  defaultSort: { field: 'order', direction: 1 },
  exportColumns: ['kind', 'key', 'label', 'type', 'options', 'required', 'order', 'enabled'],
  create: CustomFieldInputSchema,
  update: CustomFieldUpdateSchema,
  permissions: {
    // Every form of the four kinds reads the definitions; defining them is the Custom Fields screen's.
    read: [
      P.LISTINGS_VIEW,
      P.PROJECTS_VIEW,
      P.LEADS_REPORT_VIEW,
      P.LEAD_ADD,
      P.LEAD_UPDATE,
      P.CUSTOMERS_VIEW,
      P.CUSTOMER_ADD,
      P.CUSTOMER_UPDATE,
    ],
    create: [P.LISTINGS_VIEW],
    update: [P.LISTINGS_VIEW],
    delete: [P.LISTINGS_VIEW],
  },
  // PATCH properties/custom-fields/order: the Custom Fields screen's drag and drop, one list per record kind.
  order: { field: 'order', within: ['kind'], names: { one: 'field', many: 'fields', within: 'record kind' } },
});
