import { type AnyField, type CustomFieldRule, customFieldPath, customValueText, f, isFilledCustomValue, MESSAGES } from '@crm/domain';
import type { FilterDef, FilterKind } from '../table/filter-defs';

// A list's custom field columns and filters, from the definitions: one optional column per field (the column
// chooser hides it), reading the row's `customFields`; selects and multi-selects filter by their options, Yes/No
// fields by Yes/No, text by a part of it, numbers and dates by a range, as `customFields.<key>` (the server checks
// the key is defined and the operator fits its type).

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

function filterOf(rule: CustomFieldRule): { field: AnyField; kind: FilterKind } | null {
  const label = { label: rule.label };
  switch (rule.type) {
    case 'boolean':
      return { field: f.boolean(label), kind: 'boolean' };
    case 'text':
      return { field: f.string(label), kind: 'text' };
    case 'number':
      return { field: f.number(label), kind: 'range' };
    case 'date':
      return { field: f.string(label), kind: 'days' };
    default:
      return rule.options.length ? { field: f.enum(rule.options as [string, ...string[]], label), kind: 'values' } : null;
  }
}

/** The filters the kit's toolbar shows for them, one per field: options, Yes/No, a text part, a range. */
export function customFieldFilters(rules: readonly CustomFieldRule[]): FilterDef[] {
  return rules.flatMap((rule) => {
    const filter = filterOf(rule);
    if (!filter) return [];
    return [
      { key: customFieldPath(rule.key), label: rule.label, kind: filter.kind, field: filter.field, options: filter.field.values ?? null },
    ];
  });
}

/** A form's values as the body sends them: an emptied field is null, so an update clears it. */
export function customFieldsBody(values: Record<string, unknown> | null | undefined): Record<string, unknown> | undefined {
  if (!values) return undefined;
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, isFilledCustomValue(value) ? value : null]));
}
