import { type AnyField, type CustomFieldRule, customValueText, f, isFilledCustomValue, MESSAGES } from '@crm/domain';
import type { FilterDef } from '../table/filter-defs';

// A list's custom field columns and filters, from the definitions: one optional column per field (the column
// chooser hides it), reading the row's `customFields`; selects and multi-selects filter by their options, Yes/No
// fields by Yes/No, as `customFields.<key>` (the server checks the key is defined).

interface WithValues {
  customFields?: Record<string, unknown> | null;
}

/** Column specs for useResourceTable: `cf.<key>` keys, each reading `customFields`. */
export function customFieldColumns<Row extends WithValues>(rules: readonly CustomFieldRule[]) {
  return rules.map((rule) => ({
    key: `cf.${rule.key}`,
    title: rule.label,
    reads: 'customFields' as const,
    render: (row: Row) => customValueText(row.customFields?.[rule.key]) || MESSAGES.record.empty,
  }));
}

function filterField(rule: CustomFieldRule): AnyField | null {
  if (rule.type === 'boolean') return f.boolean({ label: rule.label });
  if ((rule.type === 'select' || rule.type === 'multi-select') && rule.options.length)
    return f.enum(rule.options as [string, ...string[]], { label: rule.label });
  return null;
}

/** The filters the kit's toolbar shows for them (options and Yes/No fields). */
export function customFieldFilters(rules: readonly CustomFieldRule[]): FilterDef[] {
  return rules.flatMap((rule) => {
    const field = filterField(rule);
    if (!field) return [];
    const kind = rule.type === 'boolean' ? ('boolean' as const) : ('values' as const);
    return [{ key: `customFields.${rule.key}`, label: rule.label, kind, field, options: field.values }];
  });
}

/** A form's values as the body sends them: an emptied field is null, so an update clears it. */
export function customFieldsBody(values: Record<string, unknown> | null | undefined): Record<string, unknown> | undefined {
  if (!values) return undefined;
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, isFilledCustomValue(value) ? value : null]));
}
