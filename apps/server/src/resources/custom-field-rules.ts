import {
  type CustomFieldKind,
  type CustomFieldRule,
  type CustomFieldType,
  type CustomFieldValues,
  CustomFieldValuesInputSchema,
  customFieldProblems,
  customValueText,
  mergeCustomFieldValues,
} from '@crm/domain';
import { AppError } from '../core/app-error.js';
import type { DbTx } from '../db/prisma.js';
import type { Access } from './resource-access.js';
import type { ExportColumnSpec, FieldDef, FieldType, ResourceDefinition } from './resource.types.js';

// Custom fields in the engine: the definitions of a record kind in an asset, the check of a write's values against
// them (resources with `customFieldKind`, and the lead writer), and the filter fields and export columns they add.

type Reader = Pick<DbTx, 'customFieldDefinition'>;

export interface CustomFieldDefinitionRow extends CustomFieldRule {
  id: string;
}

/** The asset's definitions of one kind, in their order. */
export async function customFieldRules(db: Reader, assetId: string, kind: CustomFieldKind): Promise<CustomFieldDefinitionRow[]> {
  const rows = await db.customFieldDefinition.findMany({
    where: { assetId, kind },
    orderBy: [{ order: 'asc' }, { id: 'asc' }],
    select: { id: true, key: true, label: true, type: true, options: true, required: true, enabled: true },
  });
  return rows.map((row) => ({ ...row, type: row.type as CustomFieldType }));
}

/**
 * The values a record keeps after a write: the stored ones (on update) with the body's changes, checked against the
 * definitions. Any problem is a 400 naming each field (`customFields.<key>`) with its message.
 */
export async function checkedCustomFields(
  db: Reader,
  target: { assetId: string; kind: CustomFieldKind },
  changes: unknown,
  stored?: unknown,
): Promise<CustomFieldValues> {
  const outcome = customFieldsOutcome(await customFieldRules(db, target.assetId, target.kind), changes, stored);
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** The same check against rules already read (a batch of new leads): the values, or the 400 to answer. */
export function customFieldsOutcome(rules: readonly CustomFieldRule[], changes: unknown, stored?: unknown): CustomFieldValues | AppError {
  const body = CustomFieldValuesInputSchema.safeParse(changes ?? {});
  if (!body.success) return AppError.validation({ customFields: [body.error.issues[0]?.message ?? 'Invalid custom fields.'] });
  const known = new Set(rules.map((rule) => rule.key));
  const before = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  // A deleted definition leaves its values in records: they go on the record's next write, and a form sending them
  // back unchanged (or null) is not refused for them. A new value under an undefined key still is.
  const kept = Object.fromEntries(Object.entries(before).filter(([key]) => known.has(key)));
  const asked = Object.fromEntries(
    Object.entries(body.data).filter(
      ([key, value]) => known.has(key) || (value !== null && JSON.stringify(value) !== JSON.stringify(before[key])),
    ),
  );
  const values = mergeCustomFieldValues(kept, asked);
  const problems = customFieldProblems(rules, values);
  const first = Object.values(problems)[0]?.[0];
  return first ? AppError.validation(problems, first) : values;
}

const FILTER_TYPE: Record<CustomFieldType, FieldType> = {
  text: 'string',
  number: 'float',
  // Stored as YYYY-MM-DD text, which sorts and compares like the dates.
  date: 'string',
  select: 'enum',
  'multi-select': 'string[]',
  boolean: 'boolean',
};

/** A list filter's `customFields.<key>` fields: one per definition, read from the JSON column. */
export function customFilterFields(rules: readonly CustomFieldDefinitionRow[]): FieldDef[] {
  return rules.map((rule) => ({
    name: `customFields.${rule.key}`,
    type: FILTER_TYPE[rule.type],
    column: 'customFields',
    jsonKey: rule.key,
    nullable: true,
    sensitive: false,
    filterable: true,
    searchDigits: false,
    ...(rule.options.length ? { values: rule.options } : {}),
  }));
}

/** A record's value of one custom field as an export cell: a number stays a number, the rest readable text. */
export function customCellValue(values: unknown, key: string): string | number | null {
  const own = values && typeof values === 'object' ? (values as Record<string, unknown>)[key] : undefined;
  return own === undefined || own === null ? null : typeof own === 'number' ? own : customValueText(own);
}

/** One export column per enabled definition, its label as the header. */
export function customExportColumns(rules: readonly CustomFieldDefinitionRow[]): ExportColumnSpec[] {
  return rules
    .filter((rule) => rule.enabled)
    .map((rule) => ({ header: rule.label, field: 'customFields', format: (value: unknown) => customCellValue(value, rule.key) }));
}

/** The access with the asset's custom fields of the resource's kind already read (`rules`). */
export function accessWithCustomFields(access: Access, rules: readonly CustomFieldDefinitionRow[]): Access {
  return { ...access, custom: { filters: customFilterFields(rules), exportColumns: customExportColumns(rules) } };
}

/** The caller's access with the asset's custom fields of the resource's kind (one query; none for other resources). */
export async function withCustomFields(db: Reader, def: ResourceDefinition, access: Access): Promise<Access> {
  const kind = def.facts.customFieldKind;
  if (!kind || !access.assetId) return access;
  return accessWithCustomFields(access, await customFieldRules(db, access.assetId, kind));
}
